// Owns counting hits in PostgreSQL (shared by every instance): the one statement that increments a counter, and
// counting or taking back one hit. Used by authentication and sign-in throttling as well as the wrapper.
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { rateLimitCounters } from '@/db/schema/platform/requests';
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

/** Adds one to the row's count when the bucket's window is counted already. */
const onConflictCountOneMore = {
  target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
  set: { count: sql`${rateLimitCounters.count} + 1` },
};

/** A window's start, given as an instant or as a placeholder a prepared statement fills with its ISO string. */
const instant = (at: Date | Placeholder) =>
  sql<Date>`${at instanceof Date ? at.toISOString() : at}::timestamptz`;

/**
 * The one statement that counts a hit of `bucket` in the window starting at `windowStart`, returning the count
 * including it: alone, or as a CTE inside a larger statement (`db.$with(…).as(incrementCounter(…))`).
 */
export function incrementCounter(
  executor: Executor,
  bucket: string | Placeholder,
  windowStart: Date | Placeholder,
) {
  return executor
    .insert(rateLimitCounters)
    .values({ bucket, windowStart: instant(windowStart), count: 1 })
    .onConflictDoUpdate(onConflictCountOneMore)
    .returning({ count: rateLimitCounters.count });
}

type CountedRows = Parameters<ReturnType<Executor['select']>['from']>[0];

/**
 * The same for a bucket named from the rows of a statement's CTE (`'user:' || scope.user_id`): one hit per row of
 * `rows` (no row, no count).
 */
export function incrementCounterPerRow(
  executor: Executor,
  bucket: SQL,
  windowStart: Date | Placeholder,
  rows: CountedRows,
) {
  return executor
    .insert(rateLimitCounters)
    .select(
      executor
        .select({
          bucket: sql<string>`${bucket}`.as('bucket'),
          windowStart: sql<Date>`${instant(windowStart)}`.as('window_start'),
          count: sql<number>`1`.as('count'),
        })
        .from(rows),
    )
    .onConflictDoUpdate(onConflictCountOneMore)
    .returning({ count: rateLimitCounters.count });
}

/** Counts one hit of `bucket` in the current window of `windowSeconds`; returns the count including it. */
export async function countHit(
  bucket: string,
  limit: number,
  windowSeconds: number = WINDOW_SECONDS,
): Promise<RateLimitState> {
  const window = currentWindow(now(), windowSeconds);
  const [row] = await incrementCounter(db(), bucket, window.start);
  return { limit, count: row?.count ?? 1, resetAt: window.resetAt };
}

/** Takes back one hit (a sign-in that turned out right is not a failure). */
export async function uncountHit(bucket: string, windowSeconds: number = WINDOW_SECONDS): Promise<void> {
  const window = currentWindow(now(), windowSeconds);
  await db()
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(and(eq(rateLimitCounters.bucket, bucket), eq(rateLimitCounters.windowStart, window.start)));
}
