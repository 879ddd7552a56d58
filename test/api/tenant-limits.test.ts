import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { now } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { heavyWorkRunning } from '@/lib/platform/http/heavy-work';
import { useTestDatabase } from '../db';
import { createPayoutOrg, draftBatch, orderItem, type PayoutOrg } from '../payouts-fixtures';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

const LIMIT_SETTINGS = [
  'HEAVY_CONCURRENCY_PER_ORG',
  'EXPORT_CONCURRENCY_TOTAL',
  'MAX_OPEN_DRAFT_ORDERS',
  'STREAM_WRITE_TIMEOUT_SECONDS',
] as const;

function configure(settings: Partial<Record<(typeof LIMIT_SETTINGS)[number], string>>): void {
  Object.assign(process.env, settings);
  resetEnvCache();
}

afterEach(() => {
  for (const name of LIMIT_SETTINGS) delete process.env[name];
  resetEnvCache();
});

/** Rejects when `promise` has not settled within `ms`: what "keeps answering quickly" means here. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Waits (polling, no fixed sleep) until `check` holds, or fails after `ms`. */
async function until(ms: number, what: string, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function call<T = unknown>(client: PayoutOrg['client'], method: string, path: string, body?: unknown) {
  const response = await client.send(method, path, body === undefined ? {} : { body });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, headers: response.headers, body: (json ? JSON.parse(text) : text) as T };
}

const exportPath = (from: string, to: string) => `/api/v2/orders/export?from=${from}&to=${to}`;

/** Starts an export and reads it up to its first rows (header and one chunk), then stops reading: a stalled client. */
async function stalledExport(org: PayoutOrg, path: string) {
  const response = await org.client.send('GET', path);
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let text = '';
  while (text.split('\r\n').length < 3) {
    const { done, value } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  return { reader, text };
}

describe('twelve unread exports', () => {
  it('hold no pooled connection: another organization keeps getting its balance at once and the health check stays ok', async () => {
    // Every export may run (the concurrency bounds are another test's subject): this proves the pool is not held
    // between chunks. The test database's pool has DB_POOL_MAX=5 connections, fewer than the twelve streams. One
    // organization's exports beyond its first take at most half the places (#38 §4): 30 places, so 15.
    configure({ HEAVY_CONCURRENCY_PER_ORG: '20', EXPORT_CONCURRENCY_TOTAL: '30' });
    const attacker = await createPayoutOrg();
    const victim = await createPayoutOrg({ balance: '100' });
    const from = new Date(now().getTime() - 1000).toISOString();
    // Enough drafts that each export has several chunks of 1,000 rows left after the part read.
    await draftBatch(attacker, 5_000);
    const to = new Date(now().getTime() + 1000).toISOString();

    const started = Array.from({ length: 12 }, () => stalledExport(attacker, exportPath(from, to)));
    const opened: Awaited<(typeof started)[number]>[] = [];
    for (const stream of started) stream.then((s) => opened.push(s)).catch(() => {});
    try {
      const streams = await within(45_000, 'twelve exports', Promise.all(started));
      for (const { text } of streams) expect(text.split('\r\n')[0]).toMatch(/^order_id,batch_id,/);

      for (let round = 0; round < 3; round += 1) {
        const balance = await within(
          10_000,
          'GET /funding/balance',
          call(victim.client, 'GET', '/api/v2/funding/balance'),
        );
        expect(balance.status).toBe(200);
        const up = await within(
          10_000,
          'GET /api/health',
          health(new Request('http://localhost:3000/api/health')),
        );
        expect(up.status).toBe(200);
        expect(await up.json()).toEqual({ status: 'ok' });
      }
    } finally {
      // Every stream that opened is cancelled, also when the test failed (so no place stays taken for the next).
      for (const { reader } of opened) await reader.cancel();
    }
    // Cancelled streams give their places back.
    expect(heavyWorkRunning().exports).toBe(0);
    // Read whole, the export has every order once, though all 5,000 share one created_at (the keyset goes by id).
    const whole = await attacker.client.send('GET', exportPath(from, to));
    const ids = (await whole.text())
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(ids).toHaveLength(5_000);
    expect(new Set(ids).size).toBe(5_000);
  }, 90_000); // 5,000 orders and twelve streams on a shared two-core machine: more than the default 30 s at times
});

describe('heavy work per organization', () => {
  it('a third export of one organization at once is 429 with Retry-After; its statement and another organization still run', async () => {
    configure({ HEAVY_CONCURRENCY_PER_ORG: '2' });
    const org = await createPayoutOrg();
    const other = await createPayoutOrg();
    const from = new Date(now().getTime() - 1000).toISOString();
    await draftBatch(org, 3_000);
    const to = new Date(now().getTime() + 1000).toISOString();

    const running = [
      await stalledExport(org, exportPath(from, to)),
      await stalledExport(org, exportPath(from, to)),
    ];
    try {
      const third = await call<{ statusCode: number; code: string; message: string }>(
        org.client,
        'GET',
        exportPath(from, to),
      );
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('5');
      expect(third.body).toEqual({
        statusCode: 429,
        code: 'too_many_concurrent_requests',
        message: 'Too many order exports at once for this organization; retry in 5 seconds',
      });
      // The statement is its own operation with its own bound; another organization has its own places.
      const statement = await org.client.send('GET', `/api/v2/funding/statement?from=${from}&to=${to}`);
      expect(statement.status).toBe(200);
      await statement.text();
      const elsewhere = await other.client.send('GET', exportPath(from, to));
      expect(elsewhere.status).toBe(200);
      await elsewhere.text();
    } finally {
      for (const { reader } of running) await reader.cancel();
    }
    // A finished (here: cancelled) export gives its place back.
    const next = await org.client.send('GET', exportPath(from, to));
    expect(next.status).toBe(200);
    await next.body?.cancel();
  });

  it('a stream whose client stops reading is aborted after the write timeout, logged, and its place given back', async () => {
    configure({ HEAVY_CONCURRENCY_PER_ORG: '1', STREAM_WRITE_TIMEOUT_SECONDS: '2' });
    const org = await createPayoutOrg();
    const from = new Date(now().getTime() - 1000).toISOString();
    await draftBatch(org, 3_000);
    const to = new Date(now().getTime() + 1000).toISOString();
    const warnings = vi.spyOn(process.stderr, 'write');
    const aborts = () =>
      warnings.mock.calls
        .map(([line]) => String(line))
        .filter((line) => line.includes('stream aborted: the client stopped reading'));

    const stalled = await stalledExport(org, exportPath(from, to));
    await until(15_000, 'the stalled export aborted', async () => aborts().length === 1);
    expect(JSON.parse(aborts()[0]!)).toMatchObject({
      level: 'warn',
      operation: 'exportOrders',
      org_id: org.orgId,
      write_timeout_ms: 2000,
    });
    await expect(stalled.reader.read()).rejects.toThrow('client took no data for 2000 ms');
    expect(heavyWorkRunning().byKey[`exportOrders:${org.orgId}`]).toBeUndefined();
    // With one place per organization, a new export runs again.
    const next = await org.client.send('GET', exportPath(from, to));
    expect(next.status).toBe(200);
    await next.body?.cancel();
    warnings.mockRestore();
  });
});

describe('open draft orders', () => {
  it('a batch that would take the organization past the cap is refused whole with 400 draft_limit_reached', async () => {
    configure({ MAX_OPEN_DRAFT_ORDERS: '5' });
    const org = await createPayoutOrg();
    const other = await createPayoutOrg();
    const batch = (count: number, of = org) => ({
      orders: Array.from({ length: count }, () => orderItem(of, '100.00')),
    });

    const first = await call<{ batch: { id: string } }>(org.client, 'POST', '/api/v2/payouts', batch(3));
    expect(first.status).toBe(201);
    const refused = await call(org.client, 'POST', '/api/v2/payouts', batch(3));
    expect(refused.status).toBe(400);
    const message =
      'the organization holds 3 open draft orders and may hold at most 5: confirm or discard drafts before adding 3 more';
    expect(refused.body).toEqual({
      statusCode: 400,
      code: 'draft_limit_reached',
      message,
      errors: [{ field: 'orders', code: 'draft_limit_reached', message: `orders: ${message}` }],
    });
    // Nothing of the refused batch was stored; up to the cap still fits, and other organizations have their own.
    expect((await call(org.client, 'POST', '/api/v2/payouts', batch(2))).status).toBe(201);
    expect((await call(other.client, 'POST', '/api/v2/payouts', batch(5, other))).status).toBe(201);
    expect((await call(org.client, 'POST', '/api/v2/payouts', batch(1))).status).toBe(400);
    // Discarding a draft batch makes room again.
    expect((await call(org.client, 'POST', `/api/v2/payouts/${first.body.batch.id}/cancel`)).status).toBe(
      200,
    );
    expect((await call(org.client, 'POST', '/api/v2/payouts', batch(3))).status).toBe(201);
  });
});

describe('export period', () => {
  it('an export or statement of more than 366 days is 422 naming `to`, with the limit in the message', async () => {
    const org = await createPayoutOrg();
    const from = '2025-01-01T00:00:00Z';
    const message = ['to: must be at most 366 days after from (ask for a longer period a year at a time)'];
    for (const path of ['/api/v2/orders/export', '/api/v2/funding/statement']) {
      const tooLong = await call<{ message: string[]; errors: { field: string }[] }>(
        org.client,
        'GET',
        `${path}?from=${from}&to=2026-01-03T00:00:00Z`,
      );
      expect(tooLong.status).toBe(422);
      expect(tooLong.body.message).toEqual(message);
      expect(tooLong.body.errors.map((e) => e.field)).toEqual(['to']);
      // 366 days exactly (a leap year's worth) is served.
      const year = await org.client.send('GET', `${path}?from=${from}&to=2026-01-02T00:00:00Z`);
      expect(year.status).toBe(200);
      await year.text();
    }
  });
});
