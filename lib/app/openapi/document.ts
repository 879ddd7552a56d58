// Owns the OpenAPI 3.1 document of the v2 API: generated from the operation declarations and their zod schemas.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { allOperations } from '@/lib/app/operations';
import { acceptsEveryStaffRole, DEFAULT_STAFF_ROLES, type StaffRole } from '@/lib/platform/actor/roles';
import { ApiError } from '@/lib/platform/errors/api-error';
import { ERROR_CODES } from '@/lib/platform/errors/codes';
import { areaOfPath } from '@/lib/platform/http/area';
import { errorBody } from '@/lib/platform/http/render-error';
import {
  audienceOf,
  bodyKindOf,
  DEFAULT_HEAVY_CONCURRENCY_PER_ORG,
  isFileResponse,
  isIdempotent,
  isSessionOnly,
  MAX_JSON_DEPTH,
  type Operation,
} from '@/lib/platform/operations/operation';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  optionalPaginationQuery,
  paginationQuery,
} from '@/lib/platform/pagination';
import {
  ALL_EVENT_TYPES,
  publicEventTypes,
  subscribableEventTypes,
} from '@/lib/platform/webhook-delivery/event-types';
import { eventTypesFilter } from '@/lib/webhooks/contract/schemas';
import type {
  HeaderOrRef,
  OpenApiDocument,
  OperationAccessExtensions,
  SchemaOrRef,
} from '../../platform/openapi-types';
import { ERROR_ENVELOPE_IDS, ERROR_ENVELOPE_SCHEMAS } from './error-envelopes';
import { type OperationErrorStatus, operationErrors, statusTitle } from './operation-errors';
import { API_VERSION } from './version';
import { registerWebhooks } from './webhooks';

export const API_TITLE = 'Cross-border Payout and Liquidity API';

/** The API credentials: both are required together on every authenticated request. */
export const API_SECURITY: Record<string, string[]>[] = [
  { apiKey: [], bearerJwt: [] },
  { sessionCookie: [] },
];

const SESSION_SECURITY: Record<string, string[]>[] = [{ sessionCookie: [] }];

const TAG_DESCRIPTIONS: Record<string, string> = {
  Organizations: 'The authenticated organization and the products it is entitled to.',
  Funding:
    'The USDT funding balance: deposit addresses per chain, available/held/total, and every ledger movement.',
  Payouts: 'Batches of orders: create (auto-quoted), confirm (funds held), follow each order to completion.',
  Senders: "The organization's own paying entities (sender profiles) and their review.",
  Beneficiaries: 'The parties who get paid (beneficiary profiles) and their review.',
  'Liquidity management': 'Withdrawals, loans, chains and corridors.',
  'Liquidity utilization': 'Utilization proofs and proofs of settlement per route.',
  Webhooks:
    'Endpoints that receive signed events as they happen, their delivery logs and re-sends. How to verify a delivery: `/docs/signing#webhooks`. Endpoints and deliveries keep real time (their timestamps, retries and the signature’s `t`), while the events they carry follow the organization’s sandbox clock.',
  Events:
    'Every public event of the organization (what webhooks deliver), to reconcile what a webhook missed.',
  Session: 'The browser session of the portal: which organization it acts for. Not for API keys.',
  Support: "The provider's support console (staff only; API keys and client users get 404).",
  'Compliance review':
    'The review queue of senders and beneficiaries: decide, ask the client for information, correct details (staff only).',
  'Staff and onboarding':
    "The provider's own people and its clients' first steps: staff and their roles, client organizations opened by staff, emails that failed (staff only).",
  'Operations desk':
    "Payouts run by the provider's operations staff: the payouts desk, its payout accounts and the bank's payment files (staff only).",
  Custody:
    "Custody run by the provider's operations staff: deposit addresses, deposits recorded with four eyes, withdrawals sent from custody and settled when the chain disagrees, and chain alerts (staff only).",
  Treasury:
    "Where quotes get their rates: treasury's rate sheets and the corridors support leads open (staff only).",
  Sandbox: 'Sandbox-only operations that simulate the outside world. They answer 404 in production.',
  Meta: 'Documents describing the API. Public: no credentials needed.',
};

const INFO_DESCRIPTION = `Pay beneficiaries across borders, funded in USDT. This document is generated from the same zod
schemas that validate requests, so it cannot drift from what the server accepts. A readable version is at
\`/docs/api\`; the signing guide at \`/docs/signing\`; deprecations at \`/docs/changelog#deprecations\`.

## Authentication
Every \`/api/v2\` operation except the public documentation needs **both** credentials:

- \`x-api-key: <API key>\`
- \`Authorization: Bearer <JWT>\` signed with **ES256** by the private key registered to that API key, with
  claims \`sub\` (the API key), \`uri\` (path plus \`?query\` exactly as sent), \`nbf\`, \`iat\`, \`exp\` (whole
  seconds since the epoch; 30 s clock tolerance; \`exp − iat\` ≤ 300), \`bodyHash\`, optionally \`jti\`, and
  \`method\` (the request's upper-case method; \`HEAD\` matches \`GET\`), optional in v2 and recommended: a token
  with it is refused for any other method, one without it is good for any method of its \`uri\` until first used.
  \`bodyHash\` = base64 (standard, padded) of HMAC-SHA512 keyed with the UTF-8 bytes of the shared secret over
  \`uri\` + the raw body bytes (empty for GET) + \`nbf\` as a decimal integer. A token that made a
  state-changing request (POST, PUT, PATCH, DELETE) is refused if it comes again: sign every request afresh.

In production any failure is the same 401, with no hint which check failed; the sandbox adds \`reason\` naming the
check (and \`compared_uri\` with \`uri_mismatch\`), as \`/docs/signing#refusal-reasons\` lists. The portal uses the same operations with its
browser session cookie instead (state-changing requests must be same-origin).

## Errors
Paths under \`/api/v2/liquidity/\` answer errors in the **liquidity envelope**
\`{"error": {"type", "code", "message", "param"?}}\`; every other path in the **payouts envelope**
\`{"statusCode", "code", "message", "errors"?}\` where \`message\` is an array of strings (one per failing field,
each starting with the field path) for 422. \`code\` is the same machine-readable code in both envelopes (since
2.1.0). Both may carry \`errors: [{field, code, message}]\`. Branch on the status, \`type\`, \`code\` and
\`param\`, never on message text. A path id that is not a UUID answers 404, like an unknown one. An unknown path answers 404 and a known path with another
method 405 (with \`Allow\`; \`components.responses.PayoutsMethodNotAllowed\` and \`LiquidityMethodNotAllowed\`), both in the
path's envelope; \`/api/v1/*\` answers 404.

## Pagination
Lists take \`limit\` (1–100, default 50) and \`page\` (from 1, default 1) and answer
\`{"items": [...], "meta": {"limit", "page", "total"}}\`; total pages = ceil(total / limit); a page past the end
has empty \`items\`; an empty \`limit=\` or \`page=\` is a 422. Filters combine with pagination. Each list documents
its sort order, which always ends with a tie-breaker. Offset pages are computed at each call: when items arrive or
leave between two calls, the next page can repeat an item or skip one. To reconcile, use the cursors of
\`GET /events\`, \`/funding/transactions\`, \`/orders\` and \`/liquidity/management/withdrawals\`: \`starting_after\`
(the id of the last item read) or \`ending_before\` (the first, to page backwards) continue from that item whatever
changed, and \`meta.has_more\` says whether more follow. A cursor with \`page\` above 1, both cursors, or an id
that is not an item of the list is a 422 naming the parameter.

## Query strings
A parameter the operation does not take (a misspelt filter such as \`statuss\`) is never silently dropped: the
sandbox refuses it with 422, \`errors[].code\` \`unknown_parameter\` naming it (liquidity: \`param\`);
production answers as if it were absent and names every such parameter in the \`X-Ignored-Parameters\` response
header (\`statuss, foo\`: comma-separated, percent-encoded as in a query, at most 20, then \`...\`). Check that
header when a filter seems to have no effect. A path with a trailing slash (\`/api/v2/funding/balance/\`) answers
308 with \`Location\` the same path without it (query kept), before authentication: nothing is checked, counted or
executed. Sign and send the path without the slash; a client that follows the 308 must sign again for the
\`Location\`, since the token's \`uri\` names the target it was sent to. A repeated parameter counts with its last value, and only when every value is valid (otherwise 422). Date-time
parameters take any RFC 3339 offset (\`2026-01-01T00:00:00+23:00\`: escape \`+\` as \`%2B\`, a bare \`+\` is a
space) and mean that instant in UTC; a malformed one, or one outside years 0001–9999 in UTC, is a 422 before any
byte of the answer.

## Files and streams
CSV exports and statements stream as they are generated (chunked). If generation fails midway after the
status was sent, the server aborts the connection instead of ending the body: the final chunk never comes, so
your HTTP client reports an error (curl exits 18, "transfer closed with outstanding read data remaining";
\`fetch\` rejects while reading the body). A file is complete only when reading its body finished without error;
a funding statement's last row is always \`closing_balance\`.

## Idempotency
Every POST accepts \`Idempotency-Key\` (1–255 visible ASCII characters), scoped to your organization and the
operation and kept 24 hours: a retry with the same body replays the stored answer with
\`Idempotent-Replayed: true\`; the same key with another body, or sent by another person (a person's API keys count
as that person; a key no user created is its own), is 409 \`idempotency_key_reused\`; a retry while
the first request still runs is 409 \`idempotency_key_in_use\`. An operation never executes twice for one key.

## Rate limits
100 requests per minute per API key unless the key has its own limit, in fixed one-minute windows. Every
authenticated response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (epoch
seconds); beyond the limit the answer is 429 with \`Retry-After\`. Heavy work (exports, statements, receipts,
the batch source CSV, createBatch of more than 1,000 orders) also runs at most ${DEFAULT_HEAVY_CONCURRENCY_PER_ORG} at once per organization and
operation on each server instance: 429 \`too_many_concurrent_requests\` with \`Retry-After\`, as each such
operation documents. Retry 429 and 5xx with exponential backoff.

## Requests and formats
Bodies are JSON (\`Content-Type: application/json\`, at most 1 MiB unless the operation documents its own
limit: createBatch takes 4 MiB), nesting objects and arrays at most ${MAX_JSON_DEPTH} levels deep (deeper is 422
\`too_deep\` on \`(body)\`, whatever the operation, even one that takes no body). Money is a decimal string (\`"100.50"\`), never a JSON number — except the
three fields the specification itself types as numbers: the utilization proof \`amount\` and a corridor's
\`min_amount\` and \`max_amount\`; ids are UUIDs; timestamps ISO 8601 UTC with milliseconds; optional response fields are
present with \`null\`. Every response carries \`X-Request-Id\` (yours, echoed, when it is 1–128 characters of
\`A–Z a–z 0–9 . _ : -\`); quote it to support.

## Sandbox
The sandbox is a separate deployment whose custody, payout rails and KYC review are simulated, with
sandbox-only operations (tagged **Sandbox**) to drive them. \`npm run --silent cli -- sandbox bootstrap --json\`
creates an organization with credentials, ready profiles, a funded balance and liquidity data (wallets,
withdrawals in several states, a settlement route with proof files, a loan with a repayment, utilization proofs).
Each organization has one time base, its sandbox clock (\`POST /sandbox/clock\` moves it forward): every business
record and public event — orders, batches, deposits, withdrawals, wallets, funding movements, their
\`created_at\`/\`updated_at\` and deadlines — carries it, so a \`created_from\` filter means the same everywhere.
Records of what people did (sessions, sign-ins, key changes), security timestamps (tokens, webhook
signatures, idempotency, rate limits) and webhook endpoints and their deliveries (\`created_at\`, \`last_attempt_at\`,
\`next_attempt_at\`, retries) stay in real time: a delivery made now of an event the moved clock dated tomorrow is
logged now. In production the clock is real time.

## Versioning
The major version is in the path. Within v2, changes are additive: new operations, optional parameters,
response properties and enum members may appear, so ignore unknown fields and treat enums as open.
\`info.version\` (SemVer) tracks this document. Deprecated operations carry \`Deprecation\`, \`Sunset\` and
\`Link\` headers at least 90 days before removal.`;

const METHOD_NOT_ALLOWED = {
  payouts: 'PayoutsMethodNotAllowed',
  liquidity: 'LiquidityMethodNotAllowed',
} as const;

const ref = (kind: 'schemas' | 'responses' | 'headers' | 'parameters', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** Response headers, by their wire names. */
const HEADERS = {
  'X-Request-Id': {
    description:
      'Identifies this request in our logs: yours, echoed, when well-formed; otherwise a new UUID.',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description: 'Requests allowed per one-minute window for this API key (or signed-in user).',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'When the current window ends, in UNIX epoch seconds.',
    schema: { type: 'integer' },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer', minimum: 1 },
  },
  'Idempotent-Replayed': {
    description:
      'Present (`true`) when this is the stored answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
  Deprecation: {
    description: 'The operation is deprecated (see `/docs/changelog#deprecations`).',
    schema: { type: 'string', enum: ['true'] },
  },
  Sunset: {
    description: 'RFC 1123 date after which the operation may be removed.',
    schema: { type: 'string', example: 'Wed, 31 Mar 2027 00:00:00 GMT' },
  },
  Link: {
    description: 'The changelog entry: `<…/docs/changelog#deprecations>; rel="deprecation"`.',
    schema: { type: 'string' },
  },
  Allow: {
    description: 'The methods the path serves (`HEAD` wherever `GET` is).',
    schema: { type: 'string', example: 'GET, HEAD, POST' },
  },
  'Content-Disposition': {
    description:
      '`attachment` (or `inline`) with the file name, as `filename` (ASCII) and `filename*` (UTF-8, RFC 6266).',
    schema: { type: 'string', example: `attachment; filename="receipt.pdf"; filename*=UTF-8''receipt.pdf` },
  },
  'Repr-Digest': {
    description:
      'SHA-256 of the file (RFC 9530): `sha-256=:<base64>:`. Compare it with the bytes received; absent only on a stream whose hash is not known in advance.',
    schema: { type: 'string', example: 'sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:' },
  },
} satisfies Record<string, HeaderOrRef>;

type HeaderName = keyof typeof HEADERS;
const RATE_LIMIT_HEADERS: HeaderName[] = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

function headerRefs(names: HeaderName[]) {
  return Object.fromEntries(names.map((name) => [name, ref('headers', name)]));
}

const IDEMPOTENCY_PARAMETER = 'Idempotency-Key';

const SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'The API key, as issued. Always sent together with `bearerJwt`.',
  },
  bearerJwt: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "A JWT signed with ES256 (only) by the private key registered to the API key, fresh for each request. Claims: `sub` = the API key; `uri` = path plus `?query` exactly as sent; `nbf`, `iat`, `exp` in whole seconds since the epoch (30 s tolerance, `exp − iat` ≤ 300); `bodyHash` = base64 HMAC-SHA512(uri + raw body + nbf) keyed with the UTF-8 bytes of the shared secret; optional `jti`; `method` = the request's upper-case method (`HEAD` matches `GET`), optional in v2 but recommended: with it the token is refused for any other method, without it a token not yet used could be sent with another method of the same `uri` (a captured GET token as a DELETE). A token is accepted once for a state-changing request. See `/docs/signing`.",
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'payout.session-token',
    description:
      "The portal's browser session (sign-in at `/api/auth`). For the portal's own pages, not for integrations; state-changing requests must be same-origin. Named `__Host-payout.session-token` when the portal is served over https.",
  },
} as const;

/** Statuses whose answer does not depend on the operation: one reusable response per envelope. */
const SHARED_STATUSES = new Set([401, 413, 415, 429, 500]);

/**
 * An operation with its own body limit or a multipart body documents its own 413 and 415; a heavy one, or one with
 * a limit of its own (a declared 429 code), its own 429 (it adds that bound to the rate limit).
 */
function ownsStatus(operation: Operation, status: number): boolean {
  if (status === 429)
    return (
      operation.heavy !== undefined ||
      (operation.errors ?? []).some((code) => ERROR_CODES[code].kind === 'rate_limited')
    );
  if (status !== 413 && status !== 415) return false;
  return operation.maxBodyBytes !== undefined || bodyKindOf(operation) === 'multipart';
}

function sharedResponseName(error: OperationErrorStatus): string {
  const prefix = error.area === 'liquidity' ? 'Liquidity' : 'Payouts';
  return `${prefix}${error.status}`;
}

/** Refusals that come after authentication, so they carry the request's rate-limit count like a success. */
const COUNTED_ERROR_STATUSES = new Set([400, 403, 404, 409, 422]);

function errorResponse(error: OperationErrorStatus, operation: Operation) {
  const headers: HeaderName[] =
    error.status === 429
      ? ['X-Request-Id', ...RATE_LIMIT_HEADERS, 'Retry-After']
      : error.status === 503
        ? ['X-Request-Id', 'Retry-After']
        : !operation.public && COUNTED_ERROR_STATUSES.has(error.status)
          ? ['X-Request-Id', ...RATE_LIMIT_HEADERS]
          : ['X-Request-Id'];
  return {
    description: error.description,
    headers: headerRefs(headers),
    content: {
      'application/json': {
        schema: ref('schemas', ERROR_ENVELOPE_IDS[error.area]),
        examples: error.examples,
      },
    },
  };
}

function describeOperation(operation: Operation): string {
  const parts: string[] = [];
  const deprecation = operation.deprecated;
  if (deprecation) {
    parts.push(
      `**Deprecated**: sunset ${deprecation.sunset.toUTCString()}; use \`${deprecation.replacement}\` instead.`,
    );
  }
  if (operation.description) parts.push(operation.description);
  if (operation.deprecatedUse)
    parts.push(
      `**Deprecated use**: ${operation.deprecatedUse.description} is deprecated: its answer carries \`Deprecation: true\` and the changelog \`Link\`, and no \`Sunset\` (no removal is scheduled).`,
    );
  // One line of access rules, for readers of tools that ignore the x- extensions.
  const audience = audienceOf(operation);
  const access = operation.public
    ? ['public, no credentials']
    : audience === 'staff'
      ? [staffAccessText(operation.staffRoles ?? DEFAULT_STAFF_ROLES)]
      : audience === 'user'
        ? ['any signed-in user, whatever organization is active']
        : [`role \`${operation.role ?? 'member'}\` or above`];
  if (audience === 'org' && operation.sessionRole && !operation.public)
    access.push(`in a browser session role \`${operation.sessionRole}\` or above`);
  if (!operation.public && isSessionOnly(operation)) access.push('browser session only (API keys get 404)');
  if (operation.entitlement === 'any') access.push('any entitlement (`payouts` or a liquidity product)');
  else if (operation.entitlement) access.push(`entitlement \`${operation.entitlement}\``);
  if (operation.sandboxOnly) access.push('sandbox only (404 in production)');
  parts.push(`Access: ${access.join('; ')}.`);
  return parts.join('\n\n');
}

/** The access line of a staff operation: "`support_lead` or above" in the console's hierarchy, else the roles. */
function staffAccessText(accepted: readonly StaffRole[]): string {
  if (acceptsEveryStaffRole(accepted)) return 'any provider staff member';
  if (accepted.length === 1 && (accepted[0] === 'support' || accepted[0] === 'support_lead'))
    return `provider staff (\`${accepted[0]}\` or above) only`;
  return `provider staff with the ${accepted.map((role) => `\`${role}\``).join(' or ')} role only`;
}

function accessExtensions(operation: Operation): OperationAccessExtensions {
  const deprecation = operation.deprecated;
  const audience = audienceOf(operation);
  return {
    'x-error-envelope': areaOfPath(operation.path),
    ...(operation.public
      ? { 'x-public': true }
      : audience === 'org'
        ? { 'x-required-role': operation.role ?? 'member' }
        : { 'x-audience': audience }),
    // `x-required-staff-role` is the first accepted role (what it said before staff could hold several);
    // `x-staff-roles` lists them all, any of which suffices.
    ...(audience === 'staff'
      ? {
          'x-required-staff-role': (operation.staffRoles ?? DEFAULT_STAFF_ROLES)[0],
          'x-staff-roles': [...(operation.staffRoles ?? DEFAULT_STAFF_ROLES)],
        }
      : {}),
    ...(!operation.public && isSessionOnly(operation) ? { 'x-session-only': true } : {}),
    ...(operation.maxBodyBytes !== undefined ? { 'x-max-body-bytes': operation.maxBodyBytes } : {}),
    ...(operation.entitlement ? { 'x-entitlement': operation.entitlement } : {}),
    ...(operation.sandboxOnly ? { 'x-sandbox-only': true } : {}),
    ...(deprecation
      ? { 'x-sunset': deprecation.sunset.toUTCString(), 'x-replacement': deprecation.replacement }
      : {}),
  };
}

type RouteRequest = NonNullable<RouteConfig['request']>;

/** JSON: the body schema. Multipart: the text fields from the body schema plus one binary property per file part. */
function requestBodyOf(operation: Operation): Pick<RouteRequest, 'body'> {
  const kind = bodyKindOf(operation);
  if (kind === 'json' && operation.body) {
    return {
      body: {
        required: operation.bodyOptional !== true,
        content: { 'application/json': { schema: operation.body } },
      },
    };
  }
  if (kind !== 'multipart') return {};
  const fields = operation.body
    ? (z.toJSONSchema(operation.body, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, SchemaOrRef>;
        required?: string[];
      })
    : {};
  const files = Object.entries(operation.files ?? {});
  const schema = {
    type: 'object' as const,
    properties: {
      ...(fields.properties ?? {}),
      ...Object.fromEntries(
        files.map(([name, part]): [string, SchemaOrRef] => [
          name,
          { type: 'string', format: 'binary', description: part.description },
        ]),
      ),
    },
    required: [
      ...(fields.required ?? []),
      ...files.filter(([, part]) => part.required !== false).map(([name]) => name),
    ],
  };
  const encoding = Object.fromEntries(
    files
      .filter(([, part]) => part.contentTypes)
      .map(([name, part]) => [name, { contentType: part.contentTypes!.join(', ') }]),
  );
  return {
    body: {
      required: true,
      content: {
        'multipart/form-data': { schema, ...(Object.keys(encoding).length > 0 ? { encoding } : {}) },
      },
    },
  };
}

/** OpenAPI links: how a generator follows the answer to the next operations (e.g. a new batch's id). */
function linksOf(links: NonNullable<Operation['links']>) {
  return Object.fromEntries(
    Object.entries(links).map(([name, link]) => [
      name,
      { operationId: link.operationId, parameters: link.parameters, description: link.description },
    ]),
  );
}

function routeOf(operation: Operation, registry: OpenAPIRegistry, sharedNames: Set<string>): RouteConfig {
  const deprecated = operation.deprecated !== undefined;
  const successHeaders: HeaderName[] = ['X-Request-Id'];
  if (!operation.public) successHeaders.push(...RATE_LIMIT_HEADERS);
  if (isIdempotent(operation)) successHeaders.push('Idempotent-Replayed');
  if (deprecated) successHeaders.push('Deprecation', 'Sunset', 'Link');
  else if (operation.deprecatedUse) successHeaders.push('Deprecation', 'Link');

  const success = operation.response;
  if (isFileResponse(success)) successHeaders.push('Content-Disposition', 'Repr-Digest');
  const responses: RouteConfig['responses'] = {
    [success.status]: {
      description: success.description,
      headers: headerRefs(successHeaders),
      content: isFileResponse(success)
        ? Object.fromEntries(
            success.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          )
        : { 'application/json': { schema: success.schema } },
      ...(operation.links ? { links: linksOf(operation.links) } : {}),
    },
  };
  for (const other of operation.otherResponses ?? []) {
    responses[other.status] = {
      description: other.description,
      headers: headerRefs(successHeaders),
      content: { 'application/json': { schema: other.schema } },
    };
  }
  for (const error of operationErrors(operation)) {
    const response = errorResponse(error, operation);
    if (SHARED_STATUSES.has(error.status) && !ownsStatus(operation, error.status)) {
      const name = sharedResponseName(error);
      if (!sharedNames.has(name)) {
        sharedNames.add(name);
        registry.registerComponent('responses', name, response);
      }
      responses[error.status] = ref('responses', name);
    } else {
      responses[error.status] = response;
    }
  }

  return {
    method: operation.method.toLowerCase() as RouteConfig['method'],
    path: operation.path,
    operationId: operation.id,
    summary: operation.summary,
    description: describeOperation(operation),
    tags: [...operation.tags],
    ...(deprecated ? { deprecated: true } : {}),
    // Operations API keys are never served (they answer them 404) list only the browser session.
    security: operation.public ? [] : isSessionOnly(operation) ? SESSION_SECURITY : API_SECURITY,
    ...(isIdempotent(operation) ? { parameters: [ref('parameters', IDEMPOTENCY_PARAMETER)] } : {}),
    request: {
      // Operations declare plain zod types; the generator wants objects (which every query and params schema is).
      query: operation.query as RouteRequest['query'],
      params: operation.params as RouteRequest['params'],
      ...requestBodyOf(operation),
    },
    responses,
    ...accessExtensions(operation),
  };
}

/**
 * `limit` and `page` arrive as strings and are parsed by a transform, which the generator can only describe
 * as `string`; on the wire they are integers with bounds and defaults, so say that.
 */
const PAGINATION_PARAMETER_SCHEMAS: { name: string; zod: unknown; schema: SchemaOrRef }[] = [
  {
    name: 'limit',
    zod: paginationQuery.shape.limit,
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  },
  { name: 'page', zod: paginationQuery.shape.page, schema: { type: 'integer', minimum: 1, default: 1 } },
  // A list that is whole unless a page is asked for: same bounds, no default (absence means "everything").
  {
    name: 'limit',
    zod: optionalPaginationQuery.shape.limit,
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
  },
  { name: 'page', zod: optionalPaginationQuery.shape.page, schema: { type: 'integer', minimum: 1 } },
];

function describePaginationParameters(document: OpenApiDocument, operations: readonly Operation[]): void {
  for (const operation of operations) {
    const shape =
      operation.query && 'shape' in operation.query ? (operation.query.shape as Record<string, unknown>) : {};
    const generated = document.paths?.[operation.path]?.[operation.method.toLowerCase() as 'get'];
    for (const parameter of generated?.parameters ?? []) {
      if ('$ref' in parameter || parameter.in !== 'query') continue;
      const known = PAGINATION_PARAMETER_SCHEMAS.find(
        (entry) => entry.name === parameter.name && shape[parameter.name] === entry.zod,
      );
      if (known) parameter.schema = { ...known.schema, description: parameter.description };
      // The event types a filter may name are the catalogue's public ones, which browser-safe schemas cannot list.
      if (shape[parameter.name] === eventTypesFilter && parameter.schema && 'items' in parameter.schema) {
        parameter.schema = { ...parameter.schema, items: { type: 'string', enum: [...publicEventTypes()] } };
      }
    }
  }
}

/**
 * The event types the server accepts are the catalogue's public ones, which browser-safe schemas cannot list: their
 * components get the enum here (a subscription also takes `*`, but not the on-demand test event).
 */
function declareEventTypes(document: OpenApiDocument): void {
  const schemas = document.components?.schemas ?? {};
  const subscription = schemas.WebhookSubscriptionEventType;
  if (subscription && !('$ref' in subscription))
    subscription.enum = [ALL_EVENT_TYPES, ...subscribableEventTypes()];
  const event = schemas.Event;
  const type = event && !('$ref' in event) ? event.properties?.type : undefined;
  if (type && !('$ref' in type)) type.enum = [...publicEventTypes()];
}

function tagsOf(operations: readonly Operation[]) {
  const names = [...new Set(operations.flatMap((operation) => operation.tags))];
  return names.map((name) => ({
    name,
    ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
  }));
}

/**
 * Relative first (the deployment serving the document, whatever host or proxy it is reached by), then the two
 * environments an integrator configures: never the serving host itself, which a saved copy would carry elsewhere.
 */
function serversOf(): NonNullable<OpenApiDocument['servers']> {
  return [
    { url: '/', description: 'The deployment serving this document' },
    {
      url: '{sandbox_base_url}',
      description: 'Sandbox: simulated custody, payout rails and reviews; no real funds move',
      variables: {
        sandbox_base_url: {
          default: 'http://localhost:3000',
          description: 'Origin of your sandbox deployment (`npm start` serves one at http://localhost:3000)',
        },
      },
    },
    {
      url: '{base_url}',
      description: 'Production',
      variables: {
        base_url: { default: 'https://api.example.com', description: 'Origin of the production deployment' },
      },
    },
  ];
}

/**
 * A method a path does not serve is no operation, so no operation can list its answer: it is one reusable response
 * per envelope, which the overview points to.
 */
function registerMethodNotAllowed(registry: OpenAPIRegistry): void {
  for (const area of ['payouts', 'liquidity'] as const) {
    const error = new ApiError('method_not_allowed', 'Method DELETE is not allowed here');
    registry.registerComponent('responses', METHOD_NOT_ALLOWED[area], {
      description: `${statusTitle(405)}: the path exists but does not serve this method; \`Allow\` lists those it does.`,
      headers: headerRefs(['X-Request-Id', 'Allow']),
      content: {
        'application/json': {
          schema: ref('schemas', ERROR_ENVELOPE_IDS[area]),
          examples: { method_not_allowed: { summary: error.message, value: errorBody(area, error) } },
        },
      },
    });
  }
}

/** Generates the document (uncached). Exported for tests that pass their own operations. */
export function generateOpenApiDocument(operations: readonly Operation[]): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  for (const [name, header] of Object.entries(HEADERS)) registry.registerComponent('headers', name, header);
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    registry.registerComponent('securitySchemes', name, scheme);
  }
  registry.registerComponent('parameters', IDEMPOTENCY_PARAMETER, {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes a retry safe: the first request with a key executes, later ones with the same body replay its answer (24 h).',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]{1,255}$' },
  });

  registerMethodNotAllowed(registry);
  const sharedNames = new Set<string>();
  for (const operation of operations) registry.registerPath(routeOf(operation, registry, sharedNames));
  registerWebhooks(registry);

  // Both envelopes are components even when no operation of one area exists yet: clients build on them.
  const generator = new OpenApiGeneratorV31([
    ...registry.definitions,
    { type: 'schema', schema: ERROR_ENVELOPE_SCHEMAS.payouts },
    { type: 'schema', schema: ERROR_ENVELOPE_SCHEMAS.liquidity },
  ]);
  const document = generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: API_TITLE,
      version: API_VERSION,
      description: INFO_DESCRIPTION,
    },
    servers: serversOf(),
    tags: tagsOf(operations),
    security: API_SECURITY,
    externalDocs: {
      description: 'Human-readable reference and signing guide',
      url: '/docs/api',
    },
  });
  describePaginationParameters(document, operations);
  declareEventTypes(document);
  return document;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

// One document per process: generating walks every schema, serving must not.
let cached: OpenApiDocument | undefined;

/** The document for this process's operations, built once and frozen (it is shared). */
export function buildOpenApiDocument(): OpenApiDocument {
  cached ??= deepFreeze(generateOpenApiDocument(allOperations));
  return cached;
}
