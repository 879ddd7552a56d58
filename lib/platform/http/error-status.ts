// Owns how each kind of domain error is answered over HTTP: its status and the liquidity envelope's `type`. The
// domain names kinds and codes only (lib/platform/errors); the renderer, the wrapper, the OpenAPI document and the reference
// read statuses from here.
import type { ErrorKind } from '@/lib/platform/errors/api-error';

/** One row per kind; `satisfies` keeps it exhaustive, so a new kind cannot be thrown without a status. */
export const ERROR_HTTP = {
  bad_request: { status: 400, type: 'validation_error' },
  unauthorized: { status: 401, type: 'auth_error' },
  forbidden: { status: 403, type: 'auth_error' },
  not_found: { status: 404, type: 'validation_error' },
  method_not_allowed: { status: 405, type: 'validation_error' },
  draft_limit_reached: { status: 400, type: 'validation_error' },
  conflict: { status: 409, type: 'validation_error' },
  client_reference_exists: { status: 409, type: 'validation_error' },
  idempotency_key_reused: { status: 409, type: 'validation_error' },
  idempotency_key_in_use: { status: 409, type: 'validation_error' },
  view_already_open: { status: 409, type: 'validation_error' },
  review_outdated: { status: 409, type: 'validation_error' },
  payload_too_large: { status: 413, type: 'validation_error' },
  unsupported_media_type: { status: 415, type: 'validation_error' },
  validation: { status: 422, type: 'validation_error' },
  rate_limited: { status: 429, type: 'rate_limit_error' },
  concurrency_limited: { status: 429, type: 'rate_limit_error' },
  internal: { status: 500, type: 'api_error' },
  upstream: { status: 502, type: 'api_error' },
  unavailable: { status: 503, type: 'api_error' },
} as const satisfies Record<ErrorKind, { status: number; type: string }>;

/** The HTTP status an error of this kind is answered with. */
export function httpStatusOf(kind: ErrorKind): number {
  return ERROR_HTTP[kind].status;
}

/** The liquidity envelope's `error.type` for this kind (`validation_error`, `auth_error`, …). */
export function liquidityTypeOf(kind: ErrorKind): string {
  return ERROR_HTTP[kind].type;
}
