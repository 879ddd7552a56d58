// Owns every refusal the wrapper can answer, each with the declarations that make it possible: the wrapper
// raises them only through `refuse()`, and the OpenAPI document lists an operation's errors from the same
// table, so the documented errors and the served ones cannot drift apart.

import { acceptsEveryStaffRole, DEFAULT_STAFF_ROLES } from '@/lib/platform/actor/roles';
import { ApiError, type ErrorKind } from '@/lib/platform/errors/api-error';
import {
  audienceOf,
  bodyKindOf,
  DEFAULT_EXPORT_CONCURRENCY_TOTAL,
  DEFAULT_HEAVY_CONCURRENCY_PER_ORG,
  isIdempotent,
  isSessionOnly,
  MAX_JSON_DEPTH,
  maxBodyBytesOf,
  type Operation,
  STATE_CHANGING_METHODS,
} from '@/lib/platform/operations/operation';
import { unknownParametersError } from './query';

export interface RefusalContext {
  /** The body limit in force (the deployment's default or the operation's own). */
  maxBodyBytes: number;
}

export interface RefusalRow {
  kind: ErrorKind;
  /** Whether the operation's declaration makes this refusal possible. */
  applies: (operation: Operation) => boolean;
  /** Why it happens, for the reference (Markdown). */
  explain: (operation: Operation, context: RefusalContext) => string;
  /** The error as the wrapper answers it; `detail` carries what only the request knows. */
  error: (operation: Operation, context: RefusalContext, detail?: string) => ApiError;
  /** Other forms the same refusal takes (the sandbox's explained 401), each documented as an example of its own. */
  variants?: () => Record<string, { summary: string; error: ApiError }>;
}

/**
 * Credentials refused. Production says nothing more; the sandbox names the check that failed (DESIGN "Why a token
 * was refused"), and with `uri_mismatch` the request target it compared.
 */
export function credentialsRefused(explanation?: { reason: string; comparedUri?: string }): ApiError {
  return new ApiError('unauthorized', 'Invalid or missing credentials', {
    ...(explanation ? { reason: explanation.reason } : {}),
    ...(explanation?.comparedUri !== undefined ? { comparedUri: explanation.comparedUri } : {}),
  });
}

const authenticated = (operation: Operation) => !operation.public;
const stateChanging = (operation: Operation) => STATE_CHANGING_METHODS.has(operation.method);
/** Every request's body is read within the limit (the signature covers it), and a body sent where none is
 * taken is still checked, so a client sending one by mistake hears about it rather than having it ignored. */
const readsBody = () => true;
/** The staff roles an operation accepts, as a refusal names them (`support_lead`, `operations or treasury`). */
const staffRolesText = (operation: Operation) => (operation.staffRoles ?? DEFAULT_STAFF_ROLES).join(' or ');

/** How long a client refused for too much heavy work at once waits: long enough for a running one to move on. */
export const HEAVY_RETRY_AFTER_SECONDS = 5;

/** How long a client waits when the database is away: a restart or a pooler's login retry takes about that long. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export const REFUSALS = {
  invalid_json: {
    kind: 'bad_request',
    // A GET's body never reaches the wrapper (Next drops it), so a read cannot be refused for one.
    applies: (operation) => bodyKindOf(operation) !== 'multipart' && operation.method !== 'GET',
    explain: () => 'The body is not valid JSON.',
    error: () => new ApiError('bad_request', 'Request body is not valid JSON', { code: 'invalid_json' }),
  },
  json_too_deep: {
    kind: 'validation',
    applies: (operation) => bodyKindOf(operation) !== 'multipart',
    explain: () => `The JSON body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`,
    error: () =>
      ApiError.validation([
        {
          field: '(body)',
          code: 'too_deep',
          message: `(body): must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`,
        },
      ]),
  },
  fragment_in_target: {
    kind: 'bad_request',
    applies: () => true,
    explain: () =>
      'The request target carries a fragment (`#…`), which HTTP clients never send: send (and sign) the path and query only.',
    error: () =>
      new ApiError(
        'bad_request',
        'The request target must not contain a fragment (#…): send and sign the path and query only',
        { code: 'fragment_in_target' },
      ),
  },
  invalid_multipart: {
    kind: 'bad_request',
    applies: (operation) => bodyKindOf(operation) === 'multipart',
    explain: () => 'The body is not valid `multipart/form-data`.',
    error: () =>
      new ApiError('bad_request', 'Request body is not valid multipart/form-data', {
        code: 'invalid_multipart',
      }),
  },
  unauthorized: {
    kind: 'unauthorized',
    applies: authenticated,
    explain: () =>
      'Credentials are missing or invalid: no `x-api-key` and bearer token (nor a session), or a token that is expired, not yet valid, too long-lived, signed for another request, body or key, or already used for a state-changing request. In production the body never says which check failed; the sandbox adds `reason` naming it (and `compared_uri` with `uri_mismatch`): see `/docs/signing#refusal-reasons`.',
    error: () => credentialsRefused(),
    variants: () => ({
      unauthorized_sandbox: {
        summary: 'Sandbox only: the same 401 naming the check that failed (`reason`)',
        error: credentialsRefused({ reason: 'body_hash_mismatch' }),
      },
    }),
  },
  cross_origin: {
    kind: 'forbidden',
    applies: (operation) => authenticated(operation) && stateChanging(operation),
    explain: () => 'A browser request came from another origin.',
    error: () => new ApiError('forbidden', 'Cross-origin requests are not allowed'),
  },
  no_organization: {
    kind: 'forbidden',
    applies: (operation) => authenticated(operation) && audienceOf(operation) === 'org',
    explain: () => 'The signed-in user acts for no organization (provider staff outside a support view).',
    error: () => new ApiError('forbidden', 'No organization is selected for this session'),
  },
  read_only_view: {
    kind: 'forbidden',
    applies: (operation) =>
      authenticated(operation) && audienceOf(operation) === 'org' && stateChanging(operation),
    explain: () => 'The caller is a read-only support view.',
    error: () => new ApiError('forbidden', 'This is a read-only support view: changes are not allowed'),
  },
  user_operation_in_view: {
    kind: 'forbidden',
    applies: (operation) => authenticated(operation) && audienceOf(operation) === 'user',
    explain: () =>
      "The caller is a read-only support view: a user's own operations (account, invitations, organization switch, sandbox outbox) are closed during a view; end the view first.",
    error: () => new ApiError('forbidden', 'Not available in a read-only support view: end the view first'),
  },
  entitlement: {
    kind: 'forbidden',
    applies: (operation) => authenticated(operation) && !!operation.entitlement,
    explain: (operation) =>
      operation.entitlement === 'any'
        ? 'The organization is entitled to no product.'
        : `The organization is not entitled to \`${operation.entitlement}\`.`,
    error: (operation) =>
      new ApiError(
        'forbidden',
        operation.entitlement === 'any'
          ? 'This organization is not entitled to any product'
          : `This organization is not entitled to ${operation.entitlement?.replace('_', ' ')}`,
      ),
  },
  role: {
    kind: 'forbidden',
    applies: (operation) => authenticated(operation) && audienceOf(operation) === 'org' && !!operation.role,
    explain: (operation) => `The caller's role is below ${operation.role}.`,
    error: (operation) => new ApiError('forbidden', `This operation requires the ${operation.role} role`),
  },
  session_role: {
    kind: 'forbidden',
    applies: (operation) =>
      authenticated(operation) && audienceOf(operation) === 'org' && operation.sessionRole !== undefined,
    explain: (operation) => `A signed-in person's role is below ${operation.sessionRole}.`,
    error: (operation) =>
      new ApiError('forbidden', `In the portal this operation requires the ${operation.sessionRole} role`),
  },
  staff_role: {
    kind: 'forbidden',
    // Every staff operation: a person may hold only roles it does not accept (`treasury` at the desk).
    applies: (operation) =>
      audienceOf(operation) === 'staff' &&
      !acceptsEveryStaffRole(operation.staffRoles ?? DEFAULT_STAFF_ROLES),
    explain: (operation) =>
      `The staff member holds none of the roles it accepts (${staffRolesText(operation)}).`,
    error: (operation) =>
      new ApiError('forbidden', `This operation requires the ${staffRolesText(operation)} role`),
  },
  sandbox_only: {
    kind: 'not_found',
    applies: (operation) => !!operation.sandboxOnly,
    explain: () =>
      'Not served in production: sandbox-only operations answer 404 there, as if they did not exist.',
    error: () => new ApiError('not_found', 'Not found'),
  },
  not_for_keys: {
    kind: 'not_found',
    applies: (operation) => authenticated(operation) && isSessionOnly(operation),
    explain: (operation) =>
      audienceOf(operation) === 'staff'
        ? 'Served to provider staff only: API keys and client users get 404, as if it did not exist.'
        : 'Served to browser sessions only: API keys get 404, as if it did not exist.',
    error: () => new ApiError('not_found', 'Not found'),
  },
  no_such_resource: {
    kind: 'not_found',
    applies: (operation) => !!operation.params,
    explain: () =>
      'No such resource in your organization (a malformed id, or a resource of another organization, is not found either).',
    error: (_operation, _context, detail) => ApiError.notFound(detail ?? 'Resource'),
  },
  idempotency_key_reused: {
    kind: 'idempotency_key_reused',
    applies: isIdempotent,
    explain: () => 'The `Idempotency-Key` was already used for this operation with a different request.',
    error: () => new ApiError('idempotency_key_reused'),
  },
  idempotency_key_in_use: {
    kind: 'idempotency_key_in_use',
    applies: isIdempotent,
    explain: () =>
      'A request with this `Idempotency-Key` is still running; retry shortly to get its stored answer.',
    error: () => new ApiError('idempotency_key_in_use'),
  },
  payload_too_large: {
    kind: 'payload_too_large',
    applies: readsBody,
    explain: (_operation, context) => `The body exceeds ${describeBytes(context.maxBodyBytes)}.`,
    error: (_operation, context) =>
      new ApiError('payload_too_large', `Request body must not exceed ${context.maxBodyBytes} bytes`),
  },
  unsupported_media_type: {
    kind: 'unsupported_media_type',
    applies: readsBody,
    explain: (operation) =>
      `A body was sent with a \`Content-Type\` other than \`${mediaTypeOf(operation)}\`.`,
    error: (operation) =>
      new ApiError('unsupported_media_type', `Content-Type must be ${mediaTypeOf(operation)}`),
  },
  validation: {
    kind: 'validation',
    applies: (operation) =>
      !!operation.query || !!operation.body || !!operation.files || isIdempotent(operation),
    explain: () =>
      'A field failed validation (query, body, or the `Idempotency-Key` header): one message per failing field, each starting with the field path, and `errors` with `{field, code, message}` for each.',
    // The wrapper builds 422s from the schemas' own issues; this is the generic form for a named field.
    error: (_operation, _context, detail = '(body)') =>
      ApiError.validation([{ field: detail, code: 'invalid', message: `${detail}: is invalid` }]),
  },
  unknown_parameter: {
    kind: 'validation',
    applies: () => true,
    explain: () =>
      'Sandbox only: a query parameter the operation does not take (a misspelt filter), each named with code `unknown_parameter`. Production answers without it and names it in `X-Ignored-Parameters`.',
    // `detail`: the names, as a JSON array (a name may hold any character).
    error: (_operation, _context, detail = '["statuss"]') =>
      unknownParametersError(JSON.parse(detail) as string[]),
  },
  rate_limited: {
    kind: 'rate_limited',
    applies: authenticated,
    explain: () =>
      'Too many requests in the current one-minute window (100 per API key unless the key has its own limit), or too many failed authentications from one address. Wait `Retry-After` seconds.',
    error: () => new ApiError('rate_limited', 'Rate limit exceeded'),
  },
  concurrency_limited: {
    kind: 'concurrency_limited',
    applies: (operation) => authenticated(operation) && !!operation.heavy,
    explain: (operation) =>
      `The organization already runs the most ${operation.heavy?.name ?? 'heavy requests'} allowed at once (${DEFAULT_HEAVY_CONCURRENCY_PER_ORG} per organization on each server instance by default${operation.heavy?.export ? `, and ${DEFAULT_EXPORT_CONCURRENCY_TOTAL} exports in all` : ''}). Nothing was done; retry after \`Retry-After\` seconds.`,
    error: (operation, _context, detail) =>
      new ApiError(
        'concurrency_limited',
        detail ??
          `Too many ${operation.heavy?.name ?? 'heavy requests'} at once for this organization; retry in ${HEAVY_RETRY_AFTER_SECONDS} seconds`,
        { retryAfterSeconds: HEAVY_RETRY_AFTER_SECONDS },
      ),
  },
  database_unavailable: {
    kind: 'unavailable',
    applies: () => true,
    explain: (operation) =>
      `The database could not be reached for a moment (a restart, a failover, the connection pooler refusing new logins). Retry after \`Retry-After\` seconds${isIdempotent(operation) ? ' with the same `Idempotency-Key`: a request that never ran runs once, one whose answer was lost is replayed' : ''}.`,
    error: () =>
      new ApiError(
        'unavailable',
        `Service temporarily unavailable; retry in ${DATABASE_RETRY_AFTER_SECONDS} seconds`,
        {
          retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
        },
      ),
  },
  internal: {
    kind: 'internal',
    applies: () => true,
    explain: () =>
      'Unexpected failure on our side; no details are returned. Quote `X-Request-Id` to support.',
    error: () => new ApiError('internal'),
  },
} as const satisfies Record<string, RefusalRow>;

export type RefusalReason = keyof typeof REFUSALS;

function mediaTypeOf(operation: Operation): string {
  return bodyKindOf(operation) === 'multipart' ? 'multipart/form-data' : 'application/json';
}

function describeBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

export function refusalContext(operation: Operation, defaultMaxBodyBytes: number): RefusalContext {
  return { maxBodyBytes: maxBodyBytesOf(operation, defaultMaxBodyBytes) };
}

/**
 * The error for a refusal. Raising one the operation's declaration says cannot happen is a bug in the
 * wrapper (the document would not list it), so it fails loudly instead of answering undocumented.
 */
export function refuse(
  reason: RefusalReason,
  operation: Operation,
  context: RefusalContext,
  detail?: string,
): ApiError {
  const row: RefusalRow = REFUSALS[reason];
  if (!row.applies(operation)) {
    throw new Error(`refusal ${reason} is not declared possible for ${operation.id}`);
  }
  return row.error(operation, context, detail);
}

/** The refusals an operation can answer, in the table's order. */
export function refusalsOf(operation: Operation): { reason: RefusalReason; row: RefusalRow }[] {
  return (Object.entries(REFUSALS) as [RefusalReason, RefusalRow][])
    .filter(([, row]) => row.applies(operation))
    .map(([reason, row]) => ({ reason, row }));
}
