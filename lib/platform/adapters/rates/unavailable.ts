// Owns the refusal a stale or unreachable rate source answers: 503 `rates_unavailable` with `Retry-After`, thrown from
// the adapter's `currentRates` so every quoting step (create, re-quote) refuses the same way and stores nothing.
import { ApiError } from '@/lib/platform/errors/api-error';

export function ratesUnavailable(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError('unavailable', `Rates are unavailable right now; retry in ${seconds} seconds`, {
    code: 'rates_unavailable',
    retryAfterSeconds: seconds,
  });
}
