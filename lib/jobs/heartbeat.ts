// Owns the worker heartbeat: a running worker process stamps its row in worker_heartbeats every few seconds, so
// readiness (lib/health/check-readiness.ts) can tell that some worker is alive and reaches the database.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Sql } from 'postgres';

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
  options: { intervalMs: number; workerId?: string },
): Promise<Heartbeat> {
  const workerId = options.workerId ?? newWorkerId();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let stopped = false;

  const beat = async () => {
    try {
      await sql`
        insert into worker_heartbeats (worker_id, last_seen_at) values (${workerId}, now())
        on conflict (worker_id) do update set last_seen_at = excluded.last_seen_at`;
    } catch (error) {
      console.error('worker heartbeat failed:', error instanceof Error ? error.message : error);
    }
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
