// Owns the domain's error: what went wrong as a kind and a catalogued code, with the message, the field it concerns and
// per-field problems. It knows no transport: how each kind is answered over HTTP (its status, its liquidity `type`)
// is lib/platform/http/error-status.ts's table, so services never think in statuses.
import type { ErrorCode } from './codes';
import type { FieldErrorCode } from './field-codes';
import { ERROR_KINDS, type ErrorKind } from './kinds';

export { ERROR_KINDS, type ErrorKind } from './kinds';

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
