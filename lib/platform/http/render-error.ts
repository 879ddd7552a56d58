// Owns the two error envelopes: payouts `{statusCode, message}` and liquidity `{error: {type, code, message, param}}`.

import { ApiError, type ApiErrorOptions, type ErrorKind } from '@/lib/platform/errors/api-error';
import type { ApiArea } from './area';
import { httpStatusOf, liquidityTypeOf } from './error-status';

export interface PayoutsErrorBody {
  statusCode: number;
  /** The catalogue's machine-readable code (the liquidity envelope's `error.code`); added in 2.1.0. */
  code: string;
  message: string | string[];
  errors?: { field: string; code: string; message: string }[];
  /** Sandbox only, on `invalid_token`: which check failed (added in 2.4.0). */
  reason?: string;
  /** Sandbox only, with `reason: uri_mismatch`: the request target the token's `uri` was compared with. */
  compared_uri?: string;
}

export interface LiquidityErrorBody {
  error: {
    type: string;
    code: string;
    message: string;
    param?: string;
    errors?: { field: string; code: string; message: string }[];
    reason?: string;
    compared_uri?: string;
  };
}

/** Why a token was refused: set only by the sandbox (lib/platform/http/pipeline/refuse-credentials.ts). */
function explanation(error: ApiError): { reason?: string; compared_uri?: string } {
  if (error.reason === undefined) return {};
  return {
    reason: error.reason,
    ...(error.comparedUri !== undefined ? { compared_uri: error.comparedUri } : {}),
  };
}

export function errorBody(area: ApiArea, error: ApiError): PayoutsErrorBody | LiquidityErrorBody {
  const hasFields = error.fieldErrors.length > 0;
  if (area === 'liquidity') {
    return {
      error: {
        type: liquidityTypeOf(error.kind),
        code: error.code,
        message: error.message,
        ...(error.param ? { param: error.param } : {}),
        ...(hasFields && error.kind === 'validation' ? { errors: error.fieldErrors } : {}),
        ...explanation(error),
      },
    };
  }
  if (error.kind === 'validation') {
    return {
      statusCode: 422,
      code: error.code,
      message: error.fieldErrors.map((f) => f.message),
      errors: error.fieldErrors,
    };
  }
  return {
    statusCode: httpStatusOf(error.kind),
    code: error.code,
    message: error.message,
    ...(hasFields ? { errors: error.fieldErrors } : {}),
    ...explanation(error),
  };
}

/**
 * A refusal only the transport raises that carries headers of its own (the failed-authentication throttle's
 * X-RateLimit-* counts); the domain's errors carry none.
 */
export class HttpRefusal extends ApiError {
  readonly headers: Record<string, string>;

  constructor(
    kind: ErrorKind,
    message: string,
    options: ApiErrorOptions & { headers: Record<string, string> },
  ) {
    super(kind, message, options);
    this.headers = options.headers;
  }
}

export function errorResponse(area: ApiArea, error: ApiError, headers: Headers = new Headers()): Response {
  if (error.retryAfterSeconds !== undefined) headers.set('Retry-After', String(error.retryAfterSeconds));
  if (error instanceof HttpRefusal)
    for (const [name, value] of Object.entries(error.headers)) headers.set(name, value);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(errorBody(area, error)), { status: httpStatusOf(error.kind), headers });
}
