// Owns the one wrapper every /api/v2 operation goes through, in DESIGN's order ("The request pipeline"): request id,
// authentication without the body (token, then one statement for key, rate limit and replay record), role and
// entitlement checks, then the body (read within its limit) and its hash, input parsing, idempotency, output shaping
// and errors.
import type { z } from 'zod';
import { db, type Executor } from '@/db/client';
import { isDatabaseUnavailable } from '@/db/unavailable';
import type { Authenticated } from '@/lib/identity/server';
import type { Actor, Principal, StaffActor, UserActor } from '@/lib/platform/actor/actor';
import { roleAtLeast, staffRoleAtLeast } from '@/lib/platform/actor/roles';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { env } from '@/lib/platform/env';
import { ApiError, type FieldError, isApiError } from '@/lib/platform/errors/api-error';
import { fieldErrorsFromZod, PARSE_OPTIONS } from '@/lib/platform/errors/field-errors';
import { describeError, log } from '@/lib/platform/log';
import { metrics } from '@/lib/platform/metrics/counters';
import { observeRequest } from '@/lib/platform/metrics/request-metrics';
import {
  audienceOf,
  type BodyOf,
  bodyKindOf,
  type FileBody,
  type FilesOf,
  isFileResponse,
  isIdempotent,
  isSessionOnly,
  type Operation,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  STATE_CHANGING_METHODS,
  sessionRoleOf,
} from '@/lib/platform/operations/operation';
import { requestTracer } from '@/lib/platform/tracing/request-tracer';
import { recordStaffRead, recordViewRead } from '@/lib/support/server';
import { type ApiArea, areaOfPath } from './area';
import { authenticate, verifyBody } from './authenticate';
import { parseJsonBody, parseMultipartBody, readRawBody } from './body';
import { deprecationHeaders } from './deprecations';
import { httpStatusOf } from './error-status';
import { fileResponse } from './file-response';
import { type HeavyLimits, type HeavySlot, takeHeavySlot } from './heavy-work';
import {
  canonicalJson,
  IDEMPOTENCY_HEADER,
  legacyRequestHash,
  REPLAY_HEADER,
  requestHash,
  runIdempotently,
  validateIdempotencyKey,
} from './idempotency';
import { IGNORED_PARAMETERS_HEADER, ignoredParameters, ignoredParametersHeader, parseQuery } from './query';
import { isLimited, rateLimitHeaders } from './rate-limit';
import { canonicalQuery, signedUriOf, targetHasFragment } from './raw-target';
import { type RefusalContext, refusalContext, refuse } from './refusals';
import { errorBody, errorResponse } from './render-error';
import { requestIdFrom } from './request-id';

/** The actor an operation's handler sees, by its audience (null only for public operations). */
export type ActorOf<O extends Operation> = O extends { public: true }
  ? Principal | null
  : O extends { audience: 'staff' }
    ? StaffActor
    : O extends { audience: 'user' }
      ? UserActor
      : Actor;

export interface HandlerContext<O extends Operation> {
  actor: ActorOf<O>;
  query: QueryOf<O>;
  params: ParamsOf<O>;
  /** The JSON body, or the text fields of a multipart body. */
  body: BodyOf<O>;
  /** The file parts of a multipart body, by part name. */
  files: FilesOf<O>;
  /** The database to use: inside an idempotent POST this is the transaction that also stores the response. */
  db: Executor;
  requestId: string;
  request: Request;
}

export type OperationHandler<O extends Operation> = (
  context: HandlerContext<O>,
) => Promise<ResponseOf<O> | Response>;

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type NextRouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function parseWith<T extends z.ZodType | undefined>(schema: T, input: unknown, prefix?: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(input, PARSE_OPTIONS);
  if (!result.success) throw ApiError.validation(fieldErrorsFromZod(result.error, prefix));
  return result.data;
}

function isEntitled(
  entitlements: readonly string[],
  required: NonNullable<Operation['entitlement']>,
): boolean {
  return required === 'any' ? entitlements.length > 0 : entitlements.includes(required);
}

/**
 * Audience first (who may know the operation exists: 404 otherwise), then the organization rules. Keys
 * never reach `user`, `staff` or session-only operations; client users never reach staff ones; a support
 * view reads as the organization's admin and changes nothing through `org` operations.
 */
function authorize(
  operation: Operation,
  principal: Principal,
  method: string,
  context: RefusalContext,
): void {
  const audience = audienceOf(operation);
  if (isSessionOnly(operation) && principal.via !== 'session')
    throw refuse('not_for_keys', operation, context);
  if (audience === 'staff') {
    if (!principal.staffRole) throw refuse('not_for_keys', operation, context);
    if (operation.staffRole && !staffRoleAtLeast(principal.staffRole, operation.staffRole)) {
      throw refuse('staff_role', operation, context);
    }
    return;
  }
  if (audience === 'user') {
    // A view reads the organization as its admin, never as the person: the staff member's own user-level
    // operations (the sandbox outbox once handed out an invitation link) wait until the view ends.
    if (principal.impersonation) throw refuse('user_operation_in_view', operation, context);
    return;
  }
  if (!principal.orgId || !principal.role) throw refuse('no_organization', operation, context);
  if (principal.impersonation && STATE_CHANGING_METHODS.has(method)) {
    throw refuse('read_only_view', operation, context);
  }
  if (operation.entitlement && !isEntitled(principal.entitlements, operation.entitlement)) {
    throw refuse('entitlement', operation, context);
  }
  if (operation.role && !roleAtLeast(principal.role, operation.role))
    throw refuse('role', operation, context);
  if (
    operation.sessionRole &&
    principal.via === 'session' &&
    !roleAtLeast(principal.role, sessionRoleOf(operation))
  )
    throw refuse('session_role', operation, context);
}

interface ParsedBody {
  body: unknown;
  files: Record<string, unknown>;
  /** The body as sent, in one canonical text (JSON values, not bytes), for comparing Idempotency-Key requests. */
  canonical: string;
}

/** The body as the operation declares it: JSON, multipart (text fields + files), or none. */
async function readBody(
  operation: Operation,
  request: Request,
  rawBody: Uint8Array,
  context: RefusalContext,
): Promise<ParsedBody> {
  if (bodyKindOf(operation) === 'multipart') {
    const multipart = await parseMultipartBody(request, rawBody, operation, context);
    const declared = operation.files ?? {};
    const problems: FieldError[] = [
      ...Object.keys(multipart.files)
        .filter((name) => !(name in declared))
        .map(
          (field): FieldError => ({
            field,
            code: 'unknown_field',
            message: `${field}: is not a recognised field`,
          }),
        ),
      ...Object.entries(declared)
        .filter(([name, part]) => part.required !== false && !multipart.files[name])
        .map(([field]): FieldError => ({ field, code: 'required', message: `${field}: is required` })),
    ];
    const body = operation.body ? operation.body.safeParse(multipart.fields, PARSE_OPTIONS) : undefined;
    const fieldProblems = body && !body.success ? fieldErrorsFromZod(body.error) : [];
    if (problems.length + fieldProblems.length > 0)
      throw ApiError.validation([...fieldProblems, ...problems]);
    const canonical = canonicalJson({
      fields: multipart.fields,
      files: Object.fromEntries(
        Object.entries(multipart.files).map(([name, file]) => [
          name,
          { name: file.name, type: file.type, sha256: sha256Hex(file.bytes) },
        ]),
      ),
    });
    return { body: body?.success ? body.data : undefined, files: multipart.files, canonical };
  }
  // A body is parsed (and so checked for content type and JSON) even where the operation takes none,
  // so a client sending one by mistake hears about it instead of having it silently ignored.
  const json = parseJsonBody(request, rawBody, operation, context);
  // No body at all reads as `{}` (every field optional); a JSON `null` is a body, and not an object: 422.
  return {
    body: operation.body ? parseWith(operation.body, json === undefined ? {} : json) : undefined,
    files: {},
    canonical: json === undefined ? '' : canonicalJson(json),
  };
}

/** A request whose body is still on the wire: answering without reading it must also end the connection. */
function hasUnreadBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  return (length !== null && length !== '0') || request.headers.has('transfer-encoding');
}

function toApiError(error: unknown, operation: Operation, requestId: string): ApiError {
  if (isApiError(error)) return error;
  // Transient, and not a bug: the client hears 503 with Retry-After rather than 500, and the log says what it was.
  if (isDatabaseUnavailable(error)) {
    log('warn', 'database unavailable', { request_id: requestId, ...describeError(error) });
    return refuse('database_unavailable', operation, refusalContext(operation, env().MAX_BODY_BYTES));
  }
  log('error', 'unhandled error', { request_id: requestId, ...describeError(error) });
  return new ApiError('internal');
}

function jsonResponse(status: number, body: unknown, headers: Headers): Response {
  for (const [name, value] of Object.entries(JSON_HEADERS)) headers.set(name, value);
  return new Response(JSON.stringify(body), { status, headers });
}

/** Wraps an operation's handler into a Next route handler. */
export function handle<O extends Operation>(operation: O, handler: OperationHandler<O>): NextRouteHandler {
  return async (request, routeContext) => {
    const started = performance.now();
    const url = new URL(request.url);
    const area: ApiArea = areaOfPath(url.pathname);
    const requestId = requestIdFrom(request.headers);
    const headers = new Headers({ 'X-Request-Id': requestId });
    // Empty unless OTEL_EXPORTER_OTLP_ENDPOINT started tracing (lib/platform/tracing): then one span per request.
    const span = requestTracer()?.start({
      operationId: operation.id,
      route: operation.path,
      method: request.method,
      requestId,
      headers: request.headers,
    });
    let actor: Principal | null = null;
    let response: Response;
    // A heavy request's place is given back when it is answered, or for a stream when the stream ends.
    let heavySlot: HeavySlot | null = null;
    let slotGoesWithStream = false;
    let bodyRead = false;

    try {
      const config = env();
      let context = refusalContext(operation, config.MAX_BODY_BYTES);
      // Nobody is accountable for what an unauthenticated request sends: it gets the small limit.
      if (operation.public) {
        context = {
          maxBodyBytes: Math.min(context.maxBodyBytes, config.MAX_UNAUTHENTICATED_BODY_BYTES),
        };
      }
      if (operation.sandboxOnly && config.APP_ENV !== 'sandbox')
        throw refuse('sandbox_only', operation, context);
      // A malformed target, whoever sends it: said plainly rather than as a signature that cannot match.
      if (targetHasFragment(request.headers)) throw refuse('fragment_in_target', operation, context);

      // Authentication, rate limit and authorization come before the body is read: a refused request's body
      // never is (and its connection is closed below, so the rest of it is never received either).
      let authenticated: Authenticated | undefined;
      if (!operation.public) {
        const signed = signedUriOf(request.headers, url);
        authenticated = await authenticate({
          request,
          uri: signed.uri,
          uriTrusted: signed.trusted,
          requestId,
        });
        actor = authenticated.actor;
        for (const [name, value] of Object.entries(rateLimitHeaders(authenticated.rateLimit)))
          headers.set(name, value);
        if (isLimited(authenticated.rateLimit)) throw refuse('rate_limited', operation, context);
        authorize(operation, actor, request.method, context);
      }
      const rawBody = await readRawBody(request, operation, context);
      bodyRead = true;
      if (authenticated) await verifyBody({ request, requestId }, authenticated, rawBody);

      if (operation.deprecated) {
        for (const [name, value] of Object.entries(
          deprecationHeaders(operation.deprecated, env().APP_BASE_URL),
        )) {
          headers.set(name, value);
        }
      }

      // A path value the schema refuses (a malformed id) names no resource: 404, never 422.
      let params: unknown;
      if (operation.params) {
        const parsed = operation.params.safeParse(await routeContext.params);
        if (!parsed.success) throw refuse('no_such_resource', operation, context);
        params = parsed.data;
      }
      // A misspelt filter must not pass for an answer to the question asked: the sandbox refuses it, production
      // answers and names it.
      const ignored = ignoredParameters(operation.query, url.searchParams);
      if (ignored.length > 0 && config.APP_ENV === 'sandbox')
        throw refuse('unknown_parameter', operation, context, JSON.stringify(ignored));
      if (ignored.length > 0) headers.set(IGNORED_PARAMETERS_HEADER, ignoredParametersHeader(ignored));
      const query = parseQuery(operation.query, url.searchParams);
      const { body, files, canonical } = await readBody(operation, request, rawBody, context);
      if (actor?.orgId) heavySlot = takeHeavySlot(operation, actor.orgId, body, heavyLimits(), context);

      const run = async (executor: Executor) => {
        const result = await handler({
          actor: actor as ActorOf<O>,
          query: query as QueryOf<O>,
          params: params as ParamsOf<O>,
          body: body as BodyOf<O>,
          files: files as FilesOf<O>,
          db: executor,
          requestId,
          request,
        });
        if (result instanceof Response) return result;
        if (isFileResponse(operation.response)) {
          const file = result as FileBody;
          const slot = heavySlot;
          if (!(file.body instanceof Uint8Array)) slotGoesWithStream = true;
          return fileResponse(file, operation.response.status, new Headers(), {
            writeTimeoutMs: env().STREAM_WRITE_TIMEOUT_SECONDS * 1000,
            onEnd: () => slot?.release(),
            onFail: (error, bytes) =>
              log('error', 'file stream aborted', {
                request_id: requestId,
                operation: operation.id,
                bytes_sent: bytes,
                ...describeError(error),
              }),
            logFields: { request_id: requestId, operation: operation.id, org_id: actor?.orgId },
          });
        }
        // Shaping the output through its schema drops anything the wire must not carry.
        return { status: operation.response.status, body: operation.response.schema.parse(result) };
      };

      const idempotencyKey = request.headers.get(IDEMPOTENCY_HEADER);
      if (isIdempotent(operation) && idempotencyKey !== null && actor?.orgId) {
        validateIdempotencyKey(idempotencyKey);
        const outcome = await runIdempotently(
          {
            orgId: actor.orgId,
            operation: `${operation.method} ${operation.path}`,
            key: idempotencyKey,
            principalId: principalIdOf(actor),
            requestHash: requestHash(
              request.method,
              url.pathname,
              canonicalQuery(url.searchParams),
              canonical,
            ),
            legacyRequestHash: legacyRequestHash(request.method, `${url.pathname}${url.search}`, rawBody),
          },
          async (tx) => {
            const result = await run(tx);
            if (result instanceof Response) throw new Error('idempotent operations must return data');
            return result;
          },
          (error) => ({ status: httpStatusOf(error.kind), body: errorBody(area, error) }),
        );
        if (outcome.replayed) headers.set(REPLAY_HEADER, 'true');
        // The stored bytes and content type, so a replay is byte-identical to the first answer.
        headers.set('content-type', outcome.contentType);
        headers.set('cache-control', 'no-store');
        response = new Response(Buffer.from(outcome.body), { status: outcome.status, headers });
      } else {
        const impersonation = audienceOf(operation) === 'org' ? actor?.impersonation : undefined;
        const viewedOrgId = actor?.orgId;
        // A read inside a view is recorded in the transaction that reads: no record (the view ended meanwhile,
        // or the write failed), no data.
        const result =
          impersonation && viewedOrgId
            ? await db().transaction(async (tx) => {
                await recordStaffRead(tx, {
                  orgId: viewedOrgId,
                  staffUserId: impersonation.staffUserId,
                  viewId: impersonation.sessionId,
                  operation: operation.id,
                  method: request.method,
                  resource: url.pathname,
                  requestId,
                });
                return run(tx);
              })
            : await run(db());
        response =
          result instanceof Response
            ? withHeaders(result, headers)
            : jsonResponse(result.status, result.body, headers);
      }
    } catch (error) {
      const apiError = toApiError(error, operation, requestId);
      if (apiError.kind === 'rate_limited') metrics().rateLimitRefusals.inc({ operation: operation.id });
      response = errorResponse(area, apiError, headers);
      // Refused before its body was read: close the connection rather than receive and discard the rest.
      if (!bodyRead && hasUnreadBody(request)) response.headers.set('connection', 'close');
    }
    if (!slotGoesWithStream) heavySlot?.release();

    // Every request made under a support view is part of its audit trail (portal pages read through the API),
    // refused ones and the user-level operations a view may not use included.
    if (actor?.impersonation && actor.orgId && audienceOf(operation) !== 'staff') {
      await recordViewRead(db(), {
        orgId: actor.orgId,
        staffUserId: actor.impersonation.staffUserId,
        viewId: actor.impersonation.sessionId,
        method: request.method,
        path: url.pathname,
        operation: operation.id,
        status: response.status,
        requestId,
      }).catch((error: unknown) =>
        log('error', 'support view read not recorded', { request_id: requestId, ...describeError(error) }),
      );
    }

    const elapsedMs = performance.now() - started;
    observeRequest(operation.id, response.status, elapsedMs / 1000);
    span?.end(response.status);
    log('info', 'request', {
      request_id: requestId,
      method: request.method,
      path: url.pathname,
      operation: operation.id,
      status: response.status,
      duration_ms: Math.round(elapsedMs * 10) / 10,
      org_id: actor?.orgId,
      via: actor?.via,
      api_key_id: actor?.apiKeyId,
      user_id: actor?.userId,
      impersonation_id: actor?.impersonation?.sessionId,
    });
    return response;
  };
}

/** The person behind a request (lib/platform/actor/actor.ts): whose Idempotency-Key records it may replay. */
function principalIdOf(actor: Principal): string {
  const person = actor.personId ?? actor.userId ?? actor.apiKeyId;
  if (!person) throw new Error('an organization actor always has a person');
  return person;
}

function heavyLimits(): HeavyLimits {
  return {
    perOrganization: env().HEAVY_CONCURRENCY_PER_ORG,
    exportsTotal: env().EXPORT_CONCURRENCY_TOTAL,
  };
}

function withHeaders(response: Response, headers: Headers): Response {
  headers.forEach((value, name) => {
    if (!response.headers.has(name)) response.headers.set(name, value);
  });
  return response;
}
