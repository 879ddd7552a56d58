// Owns the worker heartbeats: each running worker process stamps its row, so readiness can tell that jobs are being run.
import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestampMs } from '../_columns';

/** One row per worker process (host:pid:random); `last_seen_at` is the database's own clock, never the sandbox clock. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text().primaryKey(),
  lastSeenAt: timestampMs('last_seen_at').notNull().defaultNow(),
  /**
   * graphile-worker's ids of this process's job slots (`locked_by` of the jobs it holds): a job locked by an id no live
   * row names belongs to a process that died, and is unlocked for another worker (lib/platform/jobs/heartbeat.ts).
   */
  jobWorkerIds: text().array().notNull().default(sql`'{}'::text[]`),
});
