// Owns the maintenance.purge-expired task: deletes idempotency records, used tokens and rate-limit windows past their use.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Executor } from '@/db/client';
import { now } from '@/lib/platform/clock';
import { defineTask } from './define-task';

export interface PurgeCounts {
  idempotencyRecords: number;
  usedTokens: number;
  rateLimitCounters: number;
}

/** Deletes what no request can need any more; every instance's state lives in these tables, so one sweep serves all. */
export async function purgeExpired(executor: Executor, at: Date = now()): Promise<PurgeCounts> {
  // Security deadlines are read on the application's clock (lib/platform/clock), like the checks that set them.
  const instant = at.toISOString();
  const idempotency = await executor.execute(
    sql`delete from idempotency_records where expires_at < ${instant}::timestamptz`,
  );
  const tokens = await executor.execute(
    sql`delete from used_tokens where expires_at < ${instant}::timestamptz`,
  );
  // Windows are fixed minutes; ten minutes back leaves room for clock skew between instances and for the
  // X-RateLimit-Reset of a window that just closed.
  const counters = await executor.execute(
    sql`delete from rate_limit_counters where window_start < ${instant}::timestamptz - interval '10 minutes'`,
  );
  return {
    idempotencyRecords: idempotency.count,
    usedTokens: tokens.count,
    rateLimitCounters: counters.count,
  };
}

export const purgeExpiredTask = defineTask({
  name: 'maintenance.purge-expired',
  // Cron adds `_cron` metadata to the payload; nothing else is expected.
  payload: z.looseObject({}),
  async run(_payload, helpers) {
    const counts = await db().transaction((tx) => purgeExpired(tx));
    helpers.logger.info(
      `purged ${counts.idempotencyRecords} idempotency record(s), ${counts.usedTokens} used token(s), ${counts.rateLimitCounters} rate-limit counter(s)`,
    );
  },
});
