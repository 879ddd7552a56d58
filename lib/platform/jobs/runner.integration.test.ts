// Tests what a worker does as it starts, against the test PostgreSQL: readiness learns the adapters' state within
// seconds, not at the next minute's cron tick.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sqlClient } from '@/db/client';
import { readAdapterHealth } from '@/lib/platform/health/adapter-probes';
import { useTestDatabase } from '@/test/db';
import { startWorker } from './runner';

const testDb = await useTestDatabase();
/** How soon after its start a worker has probed: well inside the minute the cron alone would take at worst. */
const WINDOW_MS = 8_000;

describe('a starting worker', () => {
  afterEach(async () => {
    await sqlClient()`delete from adapter_health`;
  });

  it('probes every adapter at once, so readiness lists no adapter as not checked seconds after the start', async () => {
    expect(Object.values(await readAdapterHealth()).map((entry) => entry.state)).toContain('not_checked');
    // The minute's cron tick would probe too: start just after one, so none comes within the window below.
    const toNextMinute = 60_000 - (Date.now() % 60_000);
    if (toNextMinute < WINDOW_MS + 1_000)
      await new Promise((resolve) => setTimeout(resolve, toNextMinute + 500));
    const startedAt = Date.now();
    const worker = await startWorker({
      connectionString: testDb.url,
      concurrency: 1,
      pollInterval: 200,
      webhookConcurrency: 0,
    });
    try {
      await vi.waitFor(
        async () => {
          const states = Object.values(await readAdapterHealth()).map((entry) => entry.state);
          expect(states).not.toContain('not_checked');
        },
        { timeout: WINDOW_MS, interval: 100 },
      );
      expect(Date.now() - startedAt).toBeLessThan(WINDOW_MS);
    } finally {
      await worker.stop();
    }
  });
});
