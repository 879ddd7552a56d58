// Owns the one wrapper every /api/v2 operation goes through: request id, body limits, authentication,
// rate limit, role/entitlement/read-only checks, input parsing, idempotency, output shaping and errors.
import type { z } from 'zod';
import { db, type Executor } from '@/db/client';
import { type Actor, roleAtLeast } from '@/lib/auth/actor';
import { env } from '@/lib/env';
import { describeError, log } from '@/lib/log';
import { type ApiArea, areaOfPath } from './area';
import { authenticate } from './authenticate';
import { parseJsonBody, readRawBody } from './body';
import { deprecationFor, deprecationHeaders } from './deprecations';
import { ApiError, isApiError } from './errors';
import {
  IDEMPOTENCY_HEADER,
  REPLAY_HEADER,
  requestHash,
  runIdempotently,
  validateIdempotencyKey,
} from './idempotency';
import {
  type BodyOf,
  isIdempotent,
  type Operation,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  STATE_CHANGING_METHODS,
} from './operation';
import { isLimited, rateLimitHeaders } from './rate-limit';
import { errorBody, errorResponse } from './render-error';
import { requestIdFrom } from './request-id';
import { fieldErrorsFromZod, PARSE_OPTIONS } from './zod-errors';

export interface HandlerContext<O extends Operation> {
  /** Null only for public operations. */
  actor: O['public'] extends true ? Actor | null : Actor;
  query: QueryOf<O>;
  params: ParamsOf<O>;
  body: BodyOf<O>;
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

function authorize(operation: Operation, actor: Actor, method: string): void {
  if (actor.impersonation && STATE_CHANGING_METHODS.has(method)) {
    throw new ApiError('forbidden', 'This is a read-only support view: changes are not allowed');
  }
  if (operation.entitlement && !actor.entitlements.includes(operation.entitlement)) {
    throw new ApiError(
      'forbidden',
      `This organization is not entitled to ${operation.entitlement.replace('_', ' ')}`,
    );
  }
  if (!roleAtLeast(actor.role, operation.role ?? 'member')) {
    throw new ApiError('forbidden', `This operation requires the ${operation.role} role`);
  }
}

function toApiError(error: unknown, requestId: string): ApiError {
  if (isApiError(error)) return error;
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
    const uri = `${url.pathname}${url.search}`;
    const area: ApiArea = areaOfPath(url.pathname);
    const requestId = requestIdFrom(request.headers);
    const headers = new Headers({ 'X-Request-Id': requestId });
    let actor: Actor | null = null;
    let response: Response;

    try {
      if (operation.sandboxOnly && env().APP_ENV !== 'sandbox') throw new ApiError('not_found', 'Not found');
      const rawBody = await readRawBody(request, operation.maxBodyBytes ?? env().MAX_BODY_BYTES);

      if (!operation.public) {
        const authenticated = await authenticate({ request, uri, rawBody, requestId });
        actor = authenticated.actor;
        for (const [name, value] of Object.entries(rateLimitHeaders(authenticated.rateLimit)))
          headers.set(name, value);
        if (isLimited(authenticated.rateLimit)) throw new ApiError('rate_limited', 'Rate limit exceeded');
        authorize(operation, actor, request.method);
      }

      const deprecation = deprecationFor(request.method, operation.path);
      if (deprecation) {
        for (const [name, value] of Object.entries(deprecationHeaders(deprecation, env().APP_BASE_URL))) {
          headers.set(name, value);
        }
      }

      const params = parseWith(operation.params, await routeContext.params);
      const query = parseWith(operation.query, Object.fromEntries(url.searchParams));
      // A body is parsed (and so checked for content type and JSON) even where the operation takes none,
      // so a client sending one by mistake hears about it instead of having it silently ignored.
      const json = parseJsonBody(request, rawBody);
      const body = operation.body ? parseWith(operation.body, json ?? {}) : undefined;

      const run = async (executor: Executor) => {
        const result = await handler({
          actor: actor as HandlerContext<O>['actor'],
          query: query as QueryOf<O>,
          params: params as ParamsOf<O>,
          body: body as BodyOf<O>,
          db: executor,
          requestId,
          request,
        });
        if (result instanceof Response) return result;
        // Shaping the output through its schema drops anything the wire must not carry.
        return { status: operation.response.status, body: operation.response.schema.parse(result) };
      };

      const idempotencyKey = request.headers.get(IDEMPOTENCY_HEADER);
      if (isIdempotent(operation) && idempotencyKey !== null && actor) {
        validateIdempotencyKey(idempotencyKey);
        const outcome = await runIdempotently(
          {
            orgId: actor.orgId,
            operation: `${operation.method} ${operation.path}`,
            key: idempotencyKey,
            requestHash: requestHash(request.method, uri, rawBody),
          },
          async (tx) => {
            const result = await run(tx);
            if (result instanceof Response) throw new Error('idempotent operations must return data');
            return result;
          },
          (error) => ({ status: error.status, body: errorBody(area, error) }),
        );
        if (outcome.replayed) headers.set(REPLAY_HEADER, 'true');
        // The stored bytes and content type, so a replay is byte-identical to the first answer.
        headers.set('content-type', outcome.contentType);
        headers.set('cache-control', 'no-store');
        response = new Response(Buffer.from(outcome.body), { status: outcome.status, headers });
      } else {
        const result = await run(db());
        response =
          result instanceof Response
            ? withHeaders(result, headers)
            : jsonResponse(result.status, result.body, headers);
      }
    } catch (error) {
      response = errorResponse(area, toApiError(error, requestId), headers);
    }

    log('info', 'request', {
      request_id: requestId,
      method: request.method,
      path: url.pathname,
      operation: operation.id,
      status: response.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      org_id: actor?.orgId,
      via: actor?.via,
      api_key_id: actor?.apiKeyId,
      user_id: actor?.userId,
      impersonation_id: actor?.impersonation?.sessionId,
    });
    return response;
  };
}

function withHeaders(response: Response, headers: Headers): Response {
  headers.forEach((value, name) => {
    if (!response.headers.has(name)) response.headers.set(name, value);
  });
  return response;
}
