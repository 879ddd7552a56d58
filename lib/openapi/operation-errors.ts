// Owns which errors each operation can answer (mirroring lib/http/handle.ts) and how the document describes them.
import type { z } from 'zod';
import { isIdempotent, type Operation, STATE_CHANGING_METHODS } from '@/lib/api/operation';
import { ApiError, ERROR_CATALOGUE, type ErrorKind, type FieldError } from '@/lib/errors/api-error';
import { fieldErrorsFromZod } from '@/lib/errors/field-errors';
import { type ApiArea, areaOfPath } from '@/lib/http/area';
import { errorBody } from '@/lib/http/render-error';

export interface ErrorExample {
  summary: string;
  value: unknown;
}

/** One documented error status of one operation: every catalogue kind behind it, with an example body each. */
export interface OperationErrorStatus {
  status: number;
  area: ApiArea;
  kinds: ErrorKind[];
  description: string;
  examples: Record<string, ErrorExample>;
}

/**
 * The catalogue kinds an operation can answer, in the order the wrapper can raise them. Kept beside the
 * wrapper's logic rather than declared per operation so that a new operation is documented correctly by
 * default; domain errors beyond these (a 409 `invalid_state`, say) belong in the operation's description.
 */
export function errorKindsOf(operation: Operation): ErrorKind[] {
  const kinds: ErrorKind[] = [];
  const takesBody = operation.body !== undefined;
  const authenticated = !operation.public;
  // Invalid JSON, and the business rules of a state-changing operation.
  if (takesBody) kinds.push('bad_request');
  if (authenticated) kinds.push('unauthorized');
  // A read-only support view and a cross-origin browser request are refused on every state-changing method.
  if (
    authenticated &&
    (operation.role || operation.entitlement || STATE_CHANGING_METHODS.has(operation.method))
  ) {
    kinds.push('forbidden');
  }
  if (operation.sandboxOnly || operation.params) kinds.push('not_found');
  if (isIdempotent(operation)) kinds.push('idempotency_key_reused', 'idempotency_key_in_use');
  if (takesBody) kinds.push('payload_too_large', 'unsupported_media_type');
  // A malformed Idempotency-Key header is a 422 too.
  if (operation.query || operation.params || takesBody || isIdempotent(operation)) kinds.push('validation');
  if (authenticated) kinds.push('rate_limited');
  kinds.push('internal');
  return kinds;
}

/** Why each kind happens, for people reading the reference. */
function explain(kind: ErrorKind, operation: Operation): string {
  switch (kind) {
    case 'bad_request':
      return 'The body is not valid JSON, or the request breaks a business rule; a payouts body then adds `errors` naming the field.';
    case 'unauthorized':
      return 'Credentials are missing or invalid: no `x-api-key` and bearer token (nor a session), or a token that is expired, not yet valid, too long-lived, signed for another request, body or key, or already used for a state-changing request. The body never says which check failed.';
    case 'forbidden': {
      const reasons: string[] = [];
      if (operation.role) reasons.push(`the caller's role is below ${operation.role}`);
      if (operation.entitlement)
        reasons.push(`the organization is not entitled to \`${operation.entitlement}\``);
      if (STATE_CHANGING_METHODS.has(operation.method)) {
        reasons.push('the caller is a read-only support view, or a browser request came from another origin');
      }
      return `Refused: ${reasons.join('; ')}.`;
    }
    case 'not_found':
      return operation.sandboxOnly
        ? 'Not served in production: sandbox-only operations answer 404 there, as if they did not exist.'
        : 'No such resource in your organization (a resource of another organization is not found either).';
    case 'idempotency_key_reused':
      return 'The `Idempotency-Key` was already used for this operation with a different request.';
    case 'idempotency_key_in_use':
      return 'A request with this `Idempotency-Key` is still running; retry shortly to get its stored answer.';
    case 'payload_too_large':
      return 'The body exceeds the size limit (1 MiB unless the deployment configures another).';
    case 'unsupported_media_type':
      return 'A body was sent with a `Content-Type` other than `application/json`.';
    case 'validation':
      return 'A field failed validation (query, path, body, or the `Idempotency-Key` header): one message per failing field, each starting with the field path, and `errors` with `{field, code, message}` for each.';
    case 'rate_limited':
      return 'Too many requests in the current one-minute window (100 per API key unless the key has its own limit), or too many failed authentications from one address. Wait `Retry-After` seconds.';
    case 'internal':
      return 'Unexpected failure on our side; no details are returned. Quote `X-Request-Id` to support.';
    default:
      return ERROR_CATALOGUE[kind].message;
  }
}

/** Field errors produced by the operation's own schemas, so the 422 example is what the server really says. */
function exampleFieldErrors(operation: Operation): FieldError[] {
  const attempts: [z.ZodType | undefined, () => unknown][] = [
    [operation.body, () => ({})],
    [operation.query, () => invalidValuesFor(operation.query)],
    [operation.params, () => invalidValuesFor(operation.params)],
  ];
  for (const [schema, input] of attempts) {
    if (!schema) continue;
    try {
      const result = schema.safeParse(input());
      if (!result.success) return fieldErrorsFromZod(result.error).slice(0, 3);
    } catch {
      // A refinement that throws on nonsense input must not take the whole document down with it.
    }
  }
  return [
    {
      field: 'Idempotency-Key',
      code: 'invalid',
      message: 'Idempotency-Key: must be 1 to 255 visible ASCII characters',
    },
  ];
}

/** Every key of an object schema set to a value no sane field accepts (query and path values are strings). */
function invalidValuesFor(schema: z.ZodType | undefined): Record<string, string> {
  const shape = schema && 'shape' in schema ? (schema.shape as Record<string, unknown>) : {};
  return Object.fromEntries(Object.keys(shape).map((key) => [key, 'not-valid!']));
}

function forbiddenMessage(operation: Operation): string {
  // The same words as the wrapper's refusals.
  if (operation.entitlement) {
    return `This organization is not entitled to ${operation.entitlement.replace('_', ' ')}`;
  }
  if (operation.role) return `This operation requires the ${operation.role} role`;
  return 'This is a read-only support view: changes are not allowed';
}

function exampleError(kind: ErrorKind, operation: Operation): ApiError {
  switch (kind) {
    case 'bad_request':
      return new ApiError('bad_request', 'Request body is not valid JSON', { code: 'invalid_json' });
    case 'unauthorized':
      return new ApiError('unauthorized', 'Invalid or missing credentials');
    case 'forbidden':
      return new ApiError('forbidden', forbiddenMessage(operation));
    case 'not_found':
      return new ApiError('not_found', operation.sandboxOnly ? 'Not found' : 'Resource not found');
    case 'validation':
      return ApiError.validation(exampleFieldErrors(operation));
    case 'rate_limited':
      return new ApiError('rate_limited', 'Rate limit exceeded');
    case 'payload_too_large':
      return new ApiError('payload_too_large', 'Request body must not exceed 1048576 bytes');
    case 'unsupported_media_type':
      return new ApiError('unsupported_media_type', 'Content-Type must be application/json');
    default:
      return new ApiError(kind);
  }
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Validation failed',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Upstream dependency failed',
  503: 'Service unavailable',
};

export function statusTitle(status: number): string {
  return STATUS_TITLES[status] ?? `HTTP ${status}`;
}

/**
 * The description of one status: its title, then why each kind behind it happens, naming the liquidity
 * type/code where that envelope applies (the envelope itself is the response's schema).
 */
export function describeKinds(kinds: ErrorKind[], operation: Operation, area: ApiArea): string {
  const lines = kinds.map((kind) => {
    const row = ERROR_CATALOGUE[kind];
    const code = area === 'liquidity' ? ` (\`${row.type}\` / \`${row.code}\`)` : '';
    return kinds.length > 1 ? `- ${explain(kind, operation)}${code}` : `${explain(kind, operation)}${code}`;
  });
  const title = statusTitle(ERROR_CATALOGUE[kinds[0]!].status);
  return `${title}.${kinds.length > 1 ? '\n\n' : ' '}${lines.join('\n')}`;
}

/** Every error status of an operation, grouped by status, in the envelope of its path. */
export function operationErrors(operation: Operation): OperationErrorStatus[] {
  const area = areaOfPath(operation.path);
  const byStatus = new Map<number, ErrorKind[]>();
  for (const kind of errorKindsOf(operation)) {
    const status = ERROR_CATALOGUE[kind].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), kind]);
  }
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, kinds]) => ({
      status,
      area,
      kinds,
      description: describeKinds(kinds, operation, area),
      examples: Object.fromEntries(
        kinds.map((kind) => [
          kind,
          { summary: ERROR_CATALOGUE[kind].message, value: errorBody(area, exampleError(kind, operation)) },
        ]),
      ),
    }));
}
