// Owns rate-limit headers and the failed-authentication throttle of the wrapper; the window arithmetic and the
// counters live in lib/platform/rate-limit (authentication counts in the same statement as it checks the key).
import { now } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { countHit, hashedBucket } from '@/lib/platform/rate-limit/counters';
import { isLimited, type RateLimitState } from '@/lib/platform/rate-limit/window';

export { currentWindow, isLimited, type RateLimitState } from '@/lib/platform/rate-limit/window';

export function rateLimitHeaders(state: RateLimitState, at: Date = now()): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(Math.max(0, state.limit - state.count)),
    'X-RateLimit-Reset': String(state.resetAt),
  };
  if (isLimited(state)) {
    headers['Retry-After'] = String(Math.max(1, state.resetAt - Math.floor(at.getTime() / 1000)));
  }
  return headers;
}

/**
 * Counts one failed authentication from a client address. Only the failure path pays for it: once an
 * address exceeds the limit in a window, its failures answer 429 instead of 401.
 */
export function countAuthFailure(clientAddress: string): Promise<RateLimitState> {
  return countHit(hashedBucket('authfail', clientAddress), env().AUTH_FAILURE_LIMIT_PER_MINUTE);
}
