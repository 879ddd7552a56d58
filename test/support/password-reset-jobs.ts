// Owns running the queued password-reset jobs in a test, as the worker would (a reset request only queues one).
import { sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { passwordResetEmailTask } from '@/lib/jobs/tasks/password-reset-email';

export async function queuedResetJobs(): Promise<{ id: string; payload: Record<string, unknown> }[]> {
  // The public view has no payload column; the table behind it has.
  const rows = await db().execute<{ id: string; payload: Record<string, unknown> }>(
    sql`select j.id::text as id, j.payload from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = ${passwordResetEmailTask.name} order by j.id`,
  );
  return [...rows];
}

/** Runs each queued reset job once and removes it. */
export async function runQueuedResetJobs(): Promise<void> {
  for (const job of await queuedResetJobs()) {
    await passwordResetEmailTask.run(passwordResetEmailTask.payload.parse(job.payload), {} as never);
    await db().execute(sql`delete from graphile_worker._private_jobs where id = ${job.id}::bigint`);
  }
}
