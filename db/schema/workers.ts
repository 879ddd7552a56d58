// Owns the worker heartbeats: each running worker process stamps its row, so readiness can tell that jobs are being run.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestampMs } from './_columns';

/** One row per worker process (host:pid:random); `last_seen_at` is the database's own clock, never the sandbox clock. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text().primaryKey(),
  lastSeenAt: timestampMs('last_seen_at').notNull().defaultNow(),
});
