// Owns rate-limit windows and headers: fixed windows counted in PostgreSQL so every instance shares them, and
// the one statement fragment that increments a counter.
import type { PendingQuery, Row, Sql } from 'postgres';
import { sqlClient } from '@/db/client';
import { now } from '@/lib/clock';
import { sha256Hex } from '@/lib/crypto/hash';
import { env } from '@/lib/env';

export const WINDOW_SECONDS = 60;

export interface RateLimitState {
  limit: number;
  /** Requests counted in this window, including the current one. */
  count: number;
  /** Epoch seconds when the window resets. */
  resetAt: number;
}

/** The current fixed window: its start (for the counter row) and its end (for the headers). */
export function currentWindow(
  at: Date = now(),
  windowSeconds: number = WINDOW_SECONDS,
): { start: Date; resetAt: number } {
  const startSeconds = Math.floor(at.getTime() / 1000 / windowSeconds) * windowSeconds;
  return { start: new Date(startSeconds * 1000), resetAt: startSeconds + windowSeconds };
}

export function isLimited(state: RateLimitState): boolean {
  return state.count > state.limit;
}

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
 * The bucket name for a value a client controls (an address, an email): hashed, so no header or input can
 * make a key long enough to overflow the counter's index, and nothing personal is stored in it.
 */
export function hashedBucket(kind: string, value: string): string {
  return `${kind}:${sha256Hex(value)}`;
}

/**
 * The one statement that counts a hit: `insert … on conflict … + 1 returning count`, for use alone or as a
 * CTE inside a larger statement. `bucket` is a value or a SQL fragment; `from` names the rows it is taken
 * from (no row, no count).
 */
export function incrementCounter(
  sql: Sql,
  options: { bucket: string | PendingQuery<Row[]>; windowStart: Date; from?: PendingQuery<Row[]> },
): PendingQuery<Row[]> {
  const bucket = typeof options.bucket === 'string' ? sql`${options.bucket}` : options.bucket;
  return sql`
    insert into rate_limit_counters (bucket, window_start, count)
    select ${bucket}, ${options.windowStart.toISOString()}::timestamptz, 1 ${options.from ?? sql``}
    on conflict (bucket, window_start) do update set count = rate_limit_counters.count + 1
    returning count`;
}

/** Counts one hit of `bucket` in the current window of `windowSeconds`; returns the count including it. */
export async function countHit(
  bucket: string,
  limit: number,
  windowSeconds: number = WINDOW_SECONDS,
): Promise<RateLimitState> {
  const window = currentWindow(now(), windowSeconds);
  const sql = sqlClient();
  const [row] = await sql<
    { count: number }[]
  >`${incrementCounter(sql, { bucket, windowStart: window.start })}`;
  return { limit, count: row?.count ?? 1, resetAt: window.resetAt };
}

/** Takes back one hit (a sign-in that turned out right is not a failure). */
export async function uncountHit(bucket: string, windowSeconds: number = WINDOW_SECONDS): Promise<void> {
  const window = currentWindow(now(), windowSeconds);
  await sqlClient()`
    update rate_limit_counters set count = greatest(count - 1, 0)
    where bucket = ${bucket} and window_start = ${window.start.toISOString()}::timestamptz`;
}

/**
 * Counts one failed authentication from a client address. Only the failure path pays for it: once an
 * address exceeds the limit in a window, its failures answer 429 instead of 401.
 */
export function countAuthFailure(clientAddress: string): Promise<RateLimitState> {
  return countHit(hashedBucket('authfail', clientAddress), env().AUTH_FAILURE_LIMIT_PER_MINUTE);
}
