// Owns the answer to anything a step threw: a refusal as its envelope (with the headers gathered so far), an
// unavailable database as 503 with Retry-After, anything else as a logged 500 — and a connection whose body was never
// read is closed.
import { isDatabaseUnavailable } from '@/db/unavailable';
import { env } from '@/lib/platform/env';
import { ApiError, isApiError } from '@/lib/platform/errors/api-error';
import { describeError, log } from '@/lib/platform/log';
import { metrics } from '@/lib/platform/metrics/counters';
import type { Operation } from '@/lib/platform/operations/operation';
import { refusalContext, refuse } from '../refusals';
import { errorResponse } from '../render-error';
import type { Exchange } from './exchange';
import { closeIfBodyUnread } from './read-body';

export function respondError(exchange: Exchange, operation: Operation, error: unknown): Response {
  const apiError = toApiError(error, operation, exchange.requestId);
  if (apiError.kind === 'rate_limited') metrics().rateLimitRefusals.inc({ operation: operation.id });
  const response = errorResponse(exchange.area, apiError, exchange.headers);
  closeIfBodyUnread(exchange, response);
  return response;
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
