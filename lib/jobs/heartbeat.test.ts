// Tests the worker heartbeat against the test PostgreSQL: a row stamped at start and again each interval, removed on a
// clean stop, crashed workers' day-old rows pruned, and startWorker itself beating while it runs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sqlClient } from '@/db/client';
import { useTestDatabase } from '@/test/db';
import { startHeartbeat } from './heartbeat';
import { startWorker } from './runner';

const testDb = await useTestDatabase();

async function rows(): Promise<{ worker_id: string; seen_ms: number }[]> {
  return sqlClient()<{ worker_id: string; seen_ms: number }[]>`
    select worker_id, (extract(epoch from last_seen_at) * 1000)::float8 as seen_ms
    from worker_heartbeats order by worker_id`;
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
});
