// Owns the domain's error: what went wrong as a kind and a catalogued code, with the message, the field it concerns and
// per-field problems. It knows no transport: how each kind is answered over HTTP (its status, its liquidity `type`)
// is lib/platform/http/error-status.ts's table, so services never think in statuses.
import type { ErrorCode } from './codes';
import type { FieldErrorCode } from './field-codes';

/** Every kind of failure the domain names, with the code and message an error of that kind carries unless it says more. */
export const ERROR_KINDS = {
  bad_request: { code: 'invalid_request', message: 'Invalid request' },
  unauthorized: { code: 'invalid_token', message: 'Invalid credentials' },
  forbidden: { code: 'forbidden', message: 'Forbidden' },
  not_found: { code: 'resource_not_found', message: 'Not found' },
  method_not_allowed: { code: 'method_not_allowed', message: 'Method not allowed' },
  draft_limit_reached: {
    code: 'draft_limit_reached',
    message: 'The organization holds too many open draft orders',
  },
  conflict: { code: 'invalid_state', message: 'Conflict' },
  client_reference_exists: {
    code: 'client_reference_exists',
    message: 'Another profile of this kind already has this client reference',
  },
  idempotency_key_reused: {
    code: 'idempotency_key_reused',
    message: 'Idempotency-Key was already used with a different request',
  },
  idempotency_key_in_use: {
    code: 'idempotency_key_in_use',
    message: 'A request with this Idempotency-Key is still being processed',
  },
  view_already_open: {
    code: 'view_already_open',
    message: 'A support view is already open in this session: end it before starting another',
  },
  review_outdated: { code: 'review_outdated', message: 'The batch changed since it was reviewed' },
  payload_too_large: { code: 'payload_too_large', message: 'Request body is too large' },
  unsupported_media_type: { code: 'unsupported_media_type', message: 'Unsupported content type' },
  validation: { code: 'invalid_parameter', message: 'Validation failed' },
  rate_limited: { code: 'too_many_requests', message: 'Too many requests' },
  concurrency_limited: {
    code: 'too_many_concurrent_requests',
    message: 'Too many heavy requests of this organization are running',
  },
  internal: { code: 'internal_error', message: 'Internal server error' },
  upstream: { code: 'upstream_dependency_error', message: 'An upstream dependency failed' },
  unavailable: { code: 'upstream_dependency_error', message: 'Service temporarily unavailable' },
} as const satisfies Record<string, { code: string; message: string }>;

export type ErrorKind = keyof typeof ERROR_KINDS;

/** One field-level problem, so the portal can map errors onto rows and inputs. */
export interface FieldError {
  field: string;
  /** One of the catalogue's codes (./field-codes.ts), which the document lists. */
  code: FieldErrorCode;
  message: string;
}

export interface ApiErrorOptions {
  /** A more specific code (e.g. `insufficient_balance`), from the catalogue in `./codes.ts`. */
  code?: ErrorCode;
  /** The request field the error is about (liquidity `param`, payouts `errors[].field`). */
  param?: string;
  fieldErrors?: FieldError[];
  /** How long a refused caller waits before trying again (a limit's refusal); the transport says it its own way. */
  retryAfterSeconds?: number;
  /** Sandbox only: why a credential was refused (`invalid_token`), e.g. `uri_mismatch`. */
  reason?: string;
  /** Sandbox only, with `uri_mismatch`: the request target the server compared the token's `uri` with. */
  comparedUri?: string;
}

/** The one error class: thrown by services and by the platform; lib/platform/http answers it in the area's envelope. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly param?: string;
  readonly fieldErrors: FieldError[];
  readonly retryAfterSeconds?: number;
  readonly reason?: string;
  readonly comparedUri?: string;

  constructor(kind: ErrorKind, message?: string, options: ApiErrorOptions = {}) {
    const entry = ERROR_KINDS[kind];
    super(message ?? entry.message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = options.code ?? entry.code;
    this.param = options.param ?? options.fieldErrors?.[0]?.field;
    this.fieldErrors = options.fieldErrors ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.reason = options.reason;
    this.comparedUri = options.comparedUri;
  }

  /** A refused business rule (`bad_request`), naming the field it concerns. */
  static businessRule(message: string, options: { code: ErrorCode; param?: string }): ApiError {
    const fieldErrors = options.param ? [{ field: options.param, code: options.code, message }] : undefined;
    return new ApiError('bad_request', message, { ...options, fieldErrors });
  }

  /**
   * Input that fails its schema. The spec promises one message per failing field, so a field that broke several
   * rules (`"abc"` is neither a decimal nor above zero) keeps only its first problem, the one to fix first.
   */
  static validation(fieldErrors: FieldError[]): ApiError {
    const seen = new Set<string>();
    const firstPerField = fieldErrors.filter((error) => !seen.has(error.field) && seen.add(error.field));
    return new ApiError('validation', firstPerField[0]?.message ?? ERROR_KINDS.validation.message, {
      fieldErrors: firstPerField,
    });
  }

  static notFound(what = 'Resource'): ApiError {
    return new ApiError('not_found', `${what} not found`);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
