// Owns the error catalogue: one error class whose kind maps to an HTTP status and liquidity type/code through one table.
import type { ErrorCode } from './codes';

/** The catalogue of DESIGN.md, one row per kind. */
export const ERROR_CATALOGUE = {
  bad_request: { status: 400, type: 'validation_error', code: 'invalid_request', message: 'Invalid request' },
  unauthorized: { status: 401, type: 'auth_error', code: 'invalid_token', message: 'Invalid credentials' },
  forbidden: { status: 403, type: 'auth_error', code: 'forbidden', message: 'Forbidden' },
  not_found: { status: 404, type: 'validation_error', code: 'resource_not_found', message: 'Not found' },
  method_not_allowed: {
    status: 405,
    type: 'validation_error',
    code: 'method_not_allowed',
    message: 'Method not allowed',
  },
  draft_limit_reached: {
    status: 400,
    type: 'validation_error',
    code: 'draft_limit_reached',
    message: 'The organization holds too many open draft orders',
  },
  conflict: { status: 409, type: 'validation_error', code: 'invalid_state', message: 'Conflict' },
  client_reference_exists: {
    status: 409,
    type: 'validation_error',
    code: 'client_reference_exists',
    message: 'Another profile of this kind already has this client reference',
  },
  idempotency_key_reused: {
    status: 409,
    type: 'validation_error',
    code: 'idempotency_key_reused',
    message: 'Idempotency-Key was already used with a different request',
  },
  idempotency_key_in_use: {
    status: 409,
    type: 'validation_error',
    code: 'idempotency_key_in_use',
    message: 'A request with this Idempotency-Key is still being processed',
  },
  view_already_open: {
    status: 409,
    type: 'validation_error',
    code: 'view_already_open',
    message: 'A support view is already open in this session: end it before starting another',
  },
  review_outdated: {
    status: 409,
    type: 'validation_error',
    code: 'review_outdated',
    message: 'The batch changed since it was reviewed',
  },
  payload_too_large: {
    status: 413,
    type: 'validation_error',
    code: 'payload_too_large',
    message: 'Request body is too large',
  },
  unsupported_media_type: {
    status: 415,
    type: 'validation_error',
    code: 'unsupported_media_type',
    message: 'Unsupported content type',
  },
  validation: {
    status: 422,
    type: 'validation_error',
    code: 'invalid_parameter',
    message: 'Validation failed',
  },
  rate_limited: {
    status: 429,
    type: 'rate_limit_error',
    code: 'too_many_requests',
    message: 'Too many requests',
  },
  concurrency_limited: {
    status: 429,
    type: 'rate_limit_error',
    code: 'too_many_concurrent_requests',
    message: 'Too many heavy requests of this organization are running',
  },
  internal: { status: 500, type: 'api_error', code: 'internal_error', message: 'Internal server error' },
  upstream: {
    status: 502,
    type: 'api_error',
    code: 'upstream_dependency_error',
    message: 'An upstream dependency failed',
  },
  unavailable: {
    status: 503,
    type: 'api_error',
    code: 'upstream_dependency_error',
    message: 'Service temporarily unavailable',
  },
} as const satisfies Record<string, { status: number; type: string; code: string; message: string }>;

export type ErrorKind = keyof typeof ERROR_CATALOGUE;

/** One field-level problem, so the portal can map errors onto rows and inputs. */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}

export interface ApiErrorOptions {
  /** A more specific code (e.g. `insufficient_balance`), from the catalogue in `./codes.ts`. */
  code?: ErrorCode;
  /** The request field the error is about (liquidity `param`, payouts `errors[].field`). */
  param?: string;
  fieldErrors?: FieldError[];
  headers?: Record<string, string>;
  /** Sandbox only: why a credential was refused (`invalid_token`), e.g. `uri_mismatch`. */
  reason?: string;
  /** Sandbox only, with `uri_mismatch`: the request target the server compared the token's `uri` with. */
  comparedUri?: string;
}

/** The one error class of the API: thrown by the platform and by services, rendered per area. */
export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  readonly code: string;
  readonly param?: string;
  readonly fieldErrors: FieldError[];
  readonly headers: Record<string, string>;
  readonly reason?: string;
  readonly comparedUri?: string;

  constructor(kind: ErrorKind, message?: string, options: ApiErrorOptions = {}) {
    const entry = ERROR_CATALOGUE[kind];
    super(message ?? entry.message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = entry.status;
    this.code = options.code ?? entry.code;
    this.param = options.param ?? options.fieldErrors?.[0]?.field;
    this.fieldErrors = options.fieldErrors ?? [];
    this.headers = options.headers ?? {};
    this.reason = options.reason;
    this.comparedUri = options.comparedUri;
  }

  /** A 400 business-rule refusal naming the field it concerns. */
  static businessRule(message: string, options: { code: ErrorCode; param?: string }): ApiError {
    const fieldErrors = options.param ? [{ field: options.param, code: options.code, message }] : undefined;
    return new ApiError('bad_request', message, { ...options, fieldErrors });
  }

  /**
   * A 422. The spec promises one message per failing field, so a field that broke several rules (`"abc"` is
   * neither a decimal nor above zero) keeps only its first problem, the one to fix first.
   */
  static validation(fieldErrors: FieldError[]): ApiError {
    const seen = new Set<string>();
    const firstPerField = fieldErrors.filter((error) => !seen.has(error.field) && seen.add(error.field));
    return new ApiError('validation', firstPerField[0]?.message ?? ERROR_CATALOGUE.validation.message, {
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
