// Tests the worker heartbeat against the test PostgreSQL: a row stamped at start and again each interval, removed on a
// clean stop, crashed workers' day-old rows pruned, and startWorker itself beating while it runs.
import { EventEmitter } from 'node:events';
import { run, type WorkerEvents } from 'graphile-worker';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sqlClient } from '@/db/client';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import { useTestDatabase } from '@/test/db';
import { rescueAbandonedJobs, startHeartbeat } from './heartbeat';
import { startWorker } from './runner';

const testDb = await useTestDatabase();

async function rows() {
  return parsedRows(
    z.object({ worker_id: z.string(), seen_ms: z.number() }),
    sqlClient()`
    select worker_id, (extract(epoch from last_seen_at) * 1000)::float8 as seen_ms
    from worker_heartbeats order by worker_id`,
  );
}

describe('worker heartbeat', () => {
  afterEach(async () => {
    await sqlClient()`delete from worker_heartbeats`;
  });

  it('stamps its row at start, again each interval, and removes it on stop', async () => {
    const heartbeat = await startHeartbeat(sqlClient(), { intervalMs: 50, workerId: 'w-1' });
    try {
      const [first] = await rows();
      expect(first?.worker_id).toBe('w-1');

      // Later beats move last_seen_at forward (database time, so this waits on real time passing).
      await vi.waitFor(
        async () => {
          const [now] = await rows();
          expect(now!.seen_ms).toBeGreaterThan(first!.seen_ms);
        },
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await heartbeat.stop();
    }
    // A second stop is harmless (the runner's own end and a signal may both call it).
    await heartbeat.stop();
    expect(await rows()).toEqual([]);
  });

  it("prunes a crashed worker's day-old row at start but keeps a live neighbour's", async () => {
    await sqlClient()`
      insert into worker_heartbeats values ('crashed', now() - interval '2 days'), ('neighbour', now() - interval '5 seconds')`;
    const heartbeat = await startHeartbeat(sqlClient(), { intervalMs: 60_000, workerId: 'w-2' });
    try {
      expect((await rows()).map((row) => row.worker_id)).toEqual(['neighbour', 'w-2']);
    } finally {
      await heartbeat.stop();
    }
  });

  it('is written by startWorker while the worker runs, and gone once it stops', async () => {
    const worker = await startWorker({
      connectionString: testDb.url,
      concurrency: 1,
      pollInterval: 200,
      webhookConcurrency: 0,
    });
    try {
      const [row] = await rows();
      expect(row?.worker_id).toMatch(new RegExp(`:${process.pid}:[0-9a-f]{6}$`));
    } finally {
      await worker.stop();
    }
    expect(await rows()).toEqual([]);
  });

  it('unlocks a job held by a process that stopped beating (kill -9), never one a live worker holds', async () => {
    // A job whose task never finishes on its own, run by graphile-worker as a worker process would.
    await sqlClient()`select graphile_worker.add_job('test.hang', '{}'::json)`;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const slots: string[] = [];
    const events = new EventEmitter() as WorkerEvents;
    events.on('pool:create', ({ workerPool }) => slots.push(workerPool.id));
    events.on('worker:create', ({ worker }) => slots.push(worker.workerId));
    const runner = await run({
      connectionString: testDb.url,
      concurrency: 1,
      pollInterval: 100,
      noHandleSignals: true,
      events,
      taskList: { 'test.hang': () => finished },
    });
    const lockedBy = async () => {
      const [job] = await parsedRows(
        z.object({ locked_by: z.string().nullable() }),
        sqlClient()`
        select locked_by from graphile_worker.jobs where task_identifier = 'test.hang'`,
      );
      return job?.locked_by ?? null;
    };
    try {
      await vi.waitFor(async () => expect(slots).toContain(await lockedBy()), {
        timeout: 10_000,
        interval: 50,
      });
      // Past the 3-interval window (100 ms beats: 1 s), while its process still beats: kept.
      const live = await startHeartbeat(sqlClient(), {
        intervalMs: 100,
        workerId: 'live',
        jobWorkerIds: () => slots,
      });
      await vi.waitFor(
        async () => {
          // Null while the job is not locked (no locked_at).
          const [job] = await parsedRows(
            z.object({ old: z.boolean().nullable() }),
            sqlClient()`
            select locked_at < now() - interval '1.1 seconds' as old from graphile_worker.jobs
            where task_identifier = 'test.hang'`,
          );
          expect(job?.old).toBe(true);
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(await rescueAbandonedJobs(sqlClient(), 100)).toBe(0);
      expect(slots).toContain(await lockedBy());
      // The process is gone (its row with it): the job is released for another worker, not after 4 hours.
      await live.stop();
      expect(await rescueAbandonedJobs(sqlClient(), 100)).toBe(1);
      expect(await lockedBy()).toBeNull();
    } finally {
      finish();
      await runner.stop();
    }
  });
});
