// Owns enqueueing background jobs: graphile-worker's SQL add_job, run through the caller's executor so it joins its transaction.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { typedRows } from '@/lib/platform/db/typed-rows';
import type { TaskName, TaskPayload } from './task-registry';

export interface EnqueueOptions {
  /** When the job becomes due (default: now). */
  runAt?: Date;
  /** A job with the same key replaces the pending one (e.g. one expiry job per order). */
  jobKey?: string;
  /** Attempts before graphile-worker gives up (its default: 25, with exponential back-off). */
  maxAttempts?: number;
  /** Jobs of one named queue run one at a time, in order. */
  queueName?: string;
  /** Lower runs first (default 0). */
  priority?: number;
}

/**
 * Adds a job in the same transaction as the state change that implies it: pass the `tx` of that change, and the job
 * exists exactly when the change commits (a rollback leaves no job behind). Returns the job id.
 */
export async function enqueueJob<Name extends TaskName>(
  executor: Executor,
  taskName: Name,
  payload: TaskPayload<Name>,
  options: EnqueueOptions = {},
): Promise<string> {
  const rows = await typedRows(
    executor,
    z.object({ id: z.string() }),
    sql`
    select (graphile_worker.add_job(
      identifier => ${taskName}::text,
      payload => ${JSON.stringify(payload)}::json,
      queue_name => ${options.queueName ?? null}::text,
      run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
      max_attempts => ${options.maxAttempts ?? null}::integer,
      job_key => ${options.jobKey ?? null}::text,
      priority => ${options.priority ?? null}::integer
    )).id::text as id`,
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`graphile_worker.add_job returned no job for ${taskName}`);
  return id;
}
