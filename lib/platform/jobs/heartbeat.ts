// Owns the worker heartbeat: a running worker process stamps its row in worker_heartbeats every few seconds, so
// readiness (lib/platform/health/check-readiness.ts) can tell that some worker is alive and reaches the database.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Sql } from 'postgres';
import { z } from 'zod';
import { parsedRows } from '@/lib/platform/db/typed-rows';

/** Rows older than this are a crashed worker's leftovers: removed when a worker starts, so the table stays small. */
const PRUNE_AFTER = '1 day';

export interface Heartbeat {
  workerId: string;
  /** Stops beating and deletes this worker's row, so readiness stops counting it at once. Safe to call twice. */
  stop(): Promise<void>;
}

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/**
 * Writes the first heartbeat before returning, then one every `intervalMs`, each only after the previous one ended
 * (a slow database never piles statements up). The time is the database's `now()`: real time, never the sandbox
 * clock, and compared by readiness on the same clock. A failed write is logged and retried at the next beat.
 */
export async function startHeartbeat(
  sql: Sql,
  options: {
    intervalMs: number;
    workerId?: string;
    /** graphile-worker's ids of this process's job slots, recorded with each beat (see rescueAbandonedJobs). */
    jobWorkerIds?: () => string[];
    /** More recovery to run after each beat's rescue (the runner wakes webhook drains a dead worker held). */
    afterBeat?: () => Promise<unknown>;
  },
): Promise<Heartbeat> {
  const workerId = options.workerId ?? newWorkerId();
  const jobWorkerIds = options.jobWorkerIds ?? (() => []);
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let stopped = false;

  const beat = async () => {
    try {
      const ids = jobWorkerIds();
      await sql`
        insert into worker_heartbeats (worker_id, last_seen_at, job_worker_ids) values (${workerId}, now(), ${ids}::text[])
        on conflict (worker_id) do update set last_seen_at = excluded.last_seen_at, job_worker_ids = excluded.job_worker_ids`;
    } catch (error) {
      console.error('worker heartbeat failed:', error instanceof Error ? error.message : error);
      return;
    }
    await rescueAbandonedJobs(sql, options.intervalMs).catch((error: unknown) =>
      console.error('abandoned job rescue failed:', error instanceof Error ? error.message : error),
    );
    await options
      .afterBeat?.()
      .catch((error: unknown) =>
        console.error('after-beat recovery failed:', error instanceof Error ? error.message : error),
      );
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = beat().then(schedule);
    }, options.intervalMs);
    // A heartbeat alone must not keep a process alive that has nothing else to do.
    timer.unref();
  };

  await sql`delete from worker_heartbeats where last_seen_at < now() - ${PRUNE_AFTER}::interval`.catch(
    (error: unknown) =>
      console.error('worker heartbeat prune failed:', error instanceof Error ? error.message : error),
  );
  inFlight = beat();
  await inFlight;
  schedule();

  let stopping: Promise<void> | undefined;
  return {
    workerId,
    stop: () => {
      stopping ??= (async () => {
        stopped = true;
        clearTimeout(timer);
        await inFlight;
        await sql`delete from worker_heartbeats where worker_id = ${workerId}`.catch((error: unknown) =>
          console.error('worker heartbeat removal failed:', error instanceof Error ? error.message : error),
        );
      })();
      return stopping;
    },
  };
}

/**
 * Unlocks the jobs of worker processes that died (kill -9, a lost host): graphile-worker itself frees a locked job only
 * after 4 hours, so a sandbox step or an expiry held by a dead process would wait that long. A job is abandoned when it
 * has been locked for more than 3 heartbeat intervals by a slot no live heartbeat (one within 3 intervals) names; its
 * lock is released through graphile-worker's public `force_unlock_workers`, and it runs again on a live worker (it
 * counts as a failed attempt, and our tasks are safe to run again: each re-reads the state it moves). Run by every
 * worker on every beat; the statement is cheap (locked jobs only) and racing workers unlock the same rows harmlessly.
 */
export async function rescueAbandonedJobs(sql: Sql, intervalMs: number): Promise<number> {
  const window = `${Math.ceil((3 * intervalMs) / 1000)} seconds`;
  const [row] = await parsedRows(
    z.object({ ids: z.array(z.string()) }),
    sql`
      select coalesce(array_agg(distinct j.locked_by), '{}') as ids from graphile_worker.jobs j
      where j.locked_by is not null and j.locked_at < now() - ${window}::interval
        and not exists (
          select 1 from worker_heartbeats h
          where j.locked_by = any(h.job_worker_ids) and h.last_seen_at > now() - ${window}::interval)`,
  );
  const ids = row?.ids ?? [];
  if (ids.length > 0) await sql`select graphile_worker.force_unlock_workers(${ids}::text[])`;
  return ids.length;
}
