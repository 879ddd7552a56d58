// Owns reading and taking graphile-worker jobs in tests through its public interface only: the `jobs` view (no
// payload) and `complete_jobs`, which removes jobs and returns them with their payload — what a worker does when it
// takes a job, so a test can then run the task itself. Its private tables are never read (test/public-interfaces).
import { sql } from 'drizzle-orm';
import { db } from '@/db/client';

export type QueuedJob = {
  id: string;
  task_identifier: string;
  key: string | null;
};

/** Jobs whose key is `key`, or ends with `:<keySuffix>` (jobs keyed `<task>:<id>`), or of a task; oldest first. */
export async function queuedJobs(filter: {
  key?: string;
  keySuffix?: string;
  taskIdentifier?: string;
}): Promise<QueuedJob[]> {
  const rows = await db().execute<QueuedJob>(sql`
    select j.id::text as id, j.task_identifier, j.key from graphile_worker.jobs j
    where (${filter.key ?? null}::text is null or j.key = ${filter.key ?? null}::text)
      and (${filter.keySuffix ?? null}::text is null or j.key like '%:' || ${filter.keySuffix ?? null}::text)
      and (${filter.taskIdentifier ?? null}::text is null or j.task_identifier = ${filter.taskIdentifier ?? null}::text)
    order by j.task_identifier, j.id`);
  return rows.map((row) => ({ ...row }));
}

/** Removes the matching jobs that no worker holds and returns their payloads, oldest first. */
export async function takeJobs<Payload = Record<string, unknown>>(filter: {
  key?: string;
  taskIdentifier?: string;
}): Promise<Payload[]> {
  const ids = (await queuedJobs(filter)).map((job) => job.id);
  if (ids.length === 0) return [];
  const rows = await db().execute<{ payload: Payload }>(sql`
    select r.payload from graphile_worker.complete_jobs(${`{${ids.join(',')}}`}::bigint[]) r order by r.id`);
  return rows.map((row) => row.payload);
}
