// Owns counting hits in PostgreSQL (shared by every instance): the one statement fragment that increments a
// counter, and counting or taking back one hit. Used by authentication and sign-in throttling as well as the wrapper.
import type { PendingQuery, Row, Sql } from 'postgres';
import { sqlClient } from '@/db/client';
import { now } from '@/lib/platform/clock';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { currentWindow, type RateLimitState, WINDOW_SECONDS } from './window';

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
