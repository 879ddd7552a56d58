// Tests the adapters' readiness as an operator sees it: the health.probe-adapters job (run by graphile-worker) probes
// each configured adapter — ok, degraded with its reason, a throw, a probe that never answers — and GET
// /api/health/ready lists each one from the cache without a secret in sight, staying 200; the metrics gauge agrees.
import { runOnce } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/api/health/ready/route';
import { sqlClient } from '@/db/client';
import { APP_ADAPTER_IMPLEMENTATIONS } from '@/lib/app/adapters';
import type { AdapterHealth } from '@/lib/platform/adapters/health';
import {
  type AdapterImplementations,
  configuredAdapter,
  provideAdapterImplementations,
} from '@/lib/platform/adapters/registry';
import { resetEnvCache } from '@/lib/platform/env';
import { probeAdaptersTask } from '@/lib/platform/health/probe-adapters-task';
import { toGraphileTask } from '@/lib/platform/jobs/define-task';
import { startHeartbeat } from '@/lib/platform/jobs/heartbeat';
import { metrics } from '@/lib/platform/metrics/counters';
import { collectDatabaseGauges } from '@/lib/platform/metrics/database-gauges';
import { useTestDatabase } from '@/test/db';

const testDb = await useTestDatabase();

const FEED_PASSWORD = 'feed-password-do-not-show';
const ready = async () => {
  const response = await GET(new Request('http://localhost/api/health/ready'));
  return { status: response.status, text: await response.text() };
};

/** Runs the probe job once through graphile-worker, as its cron item would each minute. */
async function runProbeJob(): Promise<void> {
  await sqlClient()`select graphile_worker.add_job('health.probe-adapters', '{}'::json)`;
  await runOnce(
    { connectionString: testDb.url, concurrency: 1 },
    { [probeAdaptersTask.name]: toGraphileTask(probeAdaptersTask) },
  );
}

describe('adapter readiness (health.probe-adapters → /api/health/ready)', () => {
  let original: AdapterImplementations;
  let heartbeat: Awaited<ReturnType<typeof startHeartbeat>>;

  beforeAll(async () => {
    process.env.ADAPTER_PROBE_TIMEOUT_SECONDS = '1';
    resetEnvCache();
    original = {
      custody: { sandbox: configuredAdapter('custody') },
      kyc: { sandbox: configuredAdapter('kyc') },
      email: { sandbox: configuredAdapter('email') },
      rates: { sandbox: configuredAdapter('rates') },
      'payout-rail': { sandbox: configuredAdapter('payout-rail') },
    };
    // Test-provided implementations behind the configured names; payout-rail stays the plain simulation (no probe).
    const ok = async (): Promise<AdapterHealth> => ({ state: 'ok' });
    provideAdapterImplementations({
      ...original,
      email: { sandbox: { ...configuredAdapter('email'), probe: ok } },
      rates: {
        sandbox: {
          ...configuredAdapter('rates'),
          probe: async () => ({
            state: 'degraded',
            reason: `the feed at https://treasury:${FEED_PASSWORD}@rates.example/feed is 900 s old (limit 300 s)`,
          }),
        },
      },
      custody: {
        sandbox: {
          ...configuredAdapter('custody'),
          probe: async () => {
            throw new Error(`custody node refused key ${process.env.ENCRYPTION_KEY}`);
          },
        },
      },
      kyc: { sandbox: { ...configuredAdapter('kyc'), probe: () => new Promise<AdapterHealth>(() => {}) } },
    });
    heartbeat = await startHeartbeat(sqlClient(), { intervalMs: 60_000 });
  });

  afterAll(async () => {
    // Every implementation the program has, not only the sandbox ones this file stood in for.
    provideAdapterImplementations(APP_ADAPTER_IMPLEMENTATIONS);
    delete process.env.ADAPTER_PROBE_TIMEOUT_SECONDS;
    resetEnvCache();
    await heartbeat.stop();
  });

  it('lists each adapter as never probed, then each probe’s answer, and stays 200 while some are degraded', async () => {
    const before = await ready();
    expect(before.status).toBe(200);
    expect(JSON.parse(before.text).adapters.email).toEqual({
      implementation: 'sandbox',
      state: 'not_checked',
      checked_at: null,
    });

    const started = Date.now();
    await runProbeJob();
    // The probe that never answers is given up after ADAPTER_PROBE_TIMEOUT_SECONDS, not waited for.
    expect(Date.now() - started).toBeLessThan(15_000);

    const after = await ready();
    expect(after.status).toBe(200);
    const body = JSON.parse(after.text);
    expect(body.status).toBe('ready');
    const at = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.adapters).toEqual({
      email: { implementation: 'sandbox', state: 'ok', checked_at: at },
      'payout-rail': { implementation: 'sandbox', state: 'ok', checked_at: at },
      rates: {
        implementation: 'sandbox',
        state: 'degraded',
        reason: 'the feed at https://…@rates.example/feed is 900 s old (limit 300 s)',
        checked_at: at,
      },
      custody: {
        implementation: 'sandbox',
        state: 'degraded',
        reason: 'the probe failed: custody node refused key [redacted]',
        checked_at: at,
      },
      kyc: {
        implementation: 'sandbox',
        state: 'degraded',
        reason: 'the probe did not answer within 1 s',
        checked_at: at,
      },
    });
    for (const secret of [FEED_PASSWORD, process.env.ENCRYPTION_KEY!, process.env.AUTH_SECRET!]) {
      expect(after.text).not.toContain(secret);
    }
  });

  it('a degraded adapter never turns readiness: a dead worker does, and the listing stays', async () => {
    await heartbeat.stop();
    const response = await ready();
    expect(response.status).toBe(503);
    expect(JSON.parse(response.text)).toMatchObject({
      status: 'not_ready',
      checks: { database: 'ok', migrations: 'ok', worker: 'failed' },
      adapters: { rates: { state: 'degraded' }, email: { state: 'ok' } },
    });
    heartbeat = await startHeartbeat(sqlClient(), { intervalMs: 60_000 });
  });

  it('gives Prometheus one series per adapter and state, 1 for the state it is in', async () => {
    await collectDatabaseGauges();
    const samples = (await metrics().registry.getSingleMetric('payout_adapter_state')?.get())?.values ?? [];
    const value = (adapter: string, state: string) =>
      samples.find((sample) => sample.labels.adapter === adapter && sample.labels.state === state)?.value;
    expect(value('rates', 'degraded')).toBe(1);
    expect(value('rates', 'ok')).toBe(0);
    expect(value('email', 'ok')).toBe(1);
    expect(value('kyc', 'not_checked')).toBe(0);
    expect(samples.find((sample) => sample.labels.adapter === 'rates')?.labels.implementation).toBe(
      'sandbox',
    );
  });
});
