// The sandbox clock through the real handlers: moving an organization's business time, its sweeps, and who sees it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { resetEnvCache } from '@/lib/platform/env';
import { enqueueJob } from '@/lib/platform/jobs/enqueue';
import { startWorker } from '@/lib/platform/jobs/runner';
import type { SweepScope } from '@/lib/platform/sweeps/define-sweep';
import { registerSweep } from '@/lib/platform/sweeps/run-sweeps';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { addApiKey, createTestOrganization } from '../fixtures';

const testDb = await useTestDatabase();
const run = promisify(execFile);

interface Clock {
  now: string;
  offset_seconds: number;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A sweep that remembers every call, registered for one test. */
function recordingSweep(name: string): SweepScope[] {
  const calls: SweepScope[] = [];
  cleanups.push(
    registerSweep({
      name,
      async run(_tx, scope) {
        calls.push(scope);
        return 1;
      },
    }),
  );
  return calls;
}

const secondsBetween = (later: string | Date, earlier: number) =>
  (new Date(later).getTime() - earlier) / 1000;

describe('POST /api/v2/sandbox/clock', () => {
  it('moves only the caller organization forward, answers the new time, and GET reads it back', async () => {
    const org = await createTestOrganization({ role: 'approver' });
    const other = await createTestOrganization();
    const client = apiClient(org.credentials);

    const before = Date.now();
    const moved = await client.request<Clock>('POST', '/api/v2/sandbox/clock', {
      body: { advance_seconds: 3600 },
    });
    expect(moved.status).toBe(200);
    expect(moved.data.offset_seconds).toBe(3600);
    expect(secondsBetween(moved.data.now, before)).toBeGreaterThanOrEqual(3600);
    expect(secondsBetween(moved.data.now, before)).toBeLessThan(3660);

    const again = await client.request<Clock>('POST', '/api/v2/sandbox/clock', {
      body: { advance_seconds: 60 },
    });
    expect(again.data.offset_seconds).toBe(3660);
    const read = await client.request<Clock>('GET', '/api/v2/sandbox/clock');
    expect(read.data.offset_seconds).toBe(3660);

    const otherClock = await apiClient(other.credentials).request<Clock>('GET', '/api/v2/sandbox/clock');
    expect(otherClock.data.offset_seconds).toBe(0);
    expect(Math.abs(secondsBetween(otherClock.data.now, Date.now()))).toBeLessThan(60);
  });

  it('never moves back, and refuses a non-integer or missing advance (422, clock unchanged)', async () => {
    const org = await createTestOrganization({ role: 'approver' });
    const client = apiClient(org.credentials);
    for (const body of [{ advance_seconds: -60 }, { advance_seconds: 0 }, { advance_seconds: 1.5 }, {}]) {
      const response = await client.send('POST', '/api/v2/sandbox/clock', { body });
      expect(response.status).toBe(422);
      expect(JSON.stringify(await response.json())).toContain('advance_seconds');
    }
    expect((await client.request<Clock>('GET', '/api/v2/sandbox/clock')).data.offset_seconds).toBe(0);
  });

  it('is for approvers: a member key gets 403 and the clock stays', async () => {
    const org = await createTestOrganization({ role: 'approver' });
    const member = await addApiKey(org.orgId, { role: 'member' });
    const response = await apiClient(member).send('POST', '/api/v2/sandbox/clock', {
      body: { advance_seconds: 60 },
    });
    expect(response.status).toBe(403);
    expect((await apiClient(member).request<Clock>('GET', '/api/v2/sandbox/clock')).data.offset_seconds).toBe(
      0,
    );
  });

  it('replays a retry with the same Idempotency-Key instead of moving the clock twice', async () => {
    const org = await createTestOrganization({ role: 'approver' });
    const client = apiClient(org.credentials);
    const options = { body: { advance_seconds: 600 }, idempotencyKey: 'clock-move-1' };
    const first = await client.request<Clock>('POST', '/api/v2/sandbox/clock', options);
    const second = await client.request<Clock>('POST', '/api/v2/sandbox/clock', options);
    expect(second.data).toEqual(first.data);
    expect((await client.request<Clock>('GET', '/api/v2/sandbox/clock')).data.offset_seconds).toBe(600);
  });

  it("runs the organization's registered sweeps at once, at its new time, and records who moved it", async () => {
    const calls = recordingSweep('test.clock-advance');
    const org = await createTestOrganization({ role: 'approver' });
    const before = Date.now();
    const moved = await apiClient(org.credentials).request<Clock>('POST', '/api/v2/sandbox/clock', {
      body: { advance_seconds: 7200 },
    });

    expect(calls).toHaveLength(1);
    expect(calls[0]!.orgId).toBe(org.orgId);
    expect(secondsBetween(calls[0]!.now, before)).toBeGreaterThanOrEqual(7200);
    expect(calls[0]!.now.toISOString()).toBe(moved.data.now);

    const [event] = await db()
      .select()
      .from(events)
      .where(and(eq(events.orgId, org.orgId), eq(events.type, 'sandbox.clock_advanced')));
    expect(event).toMatchObject({
      actorType: 'api_key',
      actorId: org.credentials.apiKeyId,
      subjectType: 'organization',
      subjectId: org.orgId,
      data: { advance_seconds: 7200, offset_seconds: 7200, swept: { 'test.clock-advance': 1 } },
    });
  });

  it('does not exist in production (404), and the clock stays', async () => {
    const org = await createTestOrganization({ role: 'approver' });
    const client = apiClient(org.credentials);
    process.env.APP_ENV = 'production';
    resetEnvCache();
    try {
      const response = await client.send('POST', '/api/v2/sandbox/clock', { body: { advance_seconds: 60 } });
      expect(response.status).toBe(404);
      expect((await client.send('GET', '/api/v2/sandbox/clock')).status).toBe(404);
    } finally {
      process.env.APP_ENV = 'sandbox';
      resetEnvCache();
    }
    expect((await client.request<Clock>('GET', '/api/v2/sandbox/clock')).data.offset_seconds).toBe(0);
  });
});

describe('the clock across processes', () => {
  it('another process (its own connection) sees the moved clock', async () => {
    const org = await createTestOrganization({ role: 'approver' });
    await apiClient(org.credentials).request('POST', '/api/v2/sandbox/clock', {
      body: { advance_seconds: 86_400 },
    });
    const tsx = path.resolve('node_modules/.bin/tsx');
    const { stdout } = await run(tsx, ['test/support/read-clock.ts', org.orgId], { env: process.env });
    const { now } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { now: string };
    expect(secondsBetween(now, Date.now())).toBeGreaterThan(86_400 - 60);
    expect(secondsBetween(now, Date.now())).toBeLessThan(86_400 + 60);
  }, 60_000);

  it("the worker's periodic sweep job runs each organization's sweeps at that organization's clock", async () => {
    const calls = recordingSweep('test.periodic');
    const moved = await createTestOrganization({ role: 'approver' });
    const still = await createTestOrganization();
    await apiClient(moved.credentials).request('POST', '/api/v2/sandbox/clock', {
      body: { advance_seconds: 1800 },
    });
    calls.splice(0);

    await enqueueJob(db(), 'sweeps.expire', {}, { maxAttempts: 1 });
    const worker = await startWorker({ connectionString: testDb.url, concurrency: 1, pollInterval: 200 });
    try {
      const deadline = Date.now() + 15_000;
      while (!calls.some((call) => call.orgId === still.orgId) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.stop();
    }
    const movedCall = calls.find((call) => call.orgId === moved.orgId);
    const stillCall = calls.find((call) => call.orgId === still.orgId);
    expect(secondsBetween(movedCall!.now, Date.now())).toBeGreaterThan(1800 - 60);
    expect(Math.abs(secondsBetween(stillCall!.now, Date.now()))).toBeLessThan(60);
  }, 30_000);
});
