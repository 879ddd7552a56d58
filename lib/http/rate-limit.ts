// Owns rate-limit windows and headers: fixed one-minute windows counted in PostgreSQL so every instance shares them.
import { sqlClient } from '@/db/client';
import { now } from '@/lib/clock';
import { env } from '@/lib/env';
import { currentWindow, isLimited, type RateLimitState } from '@/lib/rate-limit/window';

// The window arithmetic lives in lib/rate-limit (lib/auth counts in it too); re-exported for the wrapper.
export { currentWindow, isLimited, type RateLimitState, WINDOW_SECONDS } from '@/lib/rate-limit/window';

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
export async function countAuthFailure(clientAddress: string): Promise<RateLimitState> {
  const window = currentWindow();
  const [row] = await sqlClient()<{ count: number }[]>`
    insert into rate_limit_counters (bucket, window_start, count)
    values (${`authfail:${clientAddress}`}, ${window.start.toISOString()}::timestamptz, 1)
    on conflict (bucket, window_start) do update set count = rate_limit_counters.count + 1
    returning count`;
  return { limit: env().AUTH_FAILURE_LIMIT_PER_MINUTE, count: row?.count ?? 1, resetAt: window.resetAt };
}
