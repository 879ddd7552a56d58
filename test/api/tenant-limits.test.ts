// Tenant limits through the real routes (issue #29 §1, DESIGN "Tenant limits"): unread exports must not hold the
// database pool from other organizations, heavy work is bounded per organization (429 with Retry-After), drafts are
// capped per organization (400 draft_limit_reached), and an export or statement covers at most 366 days (422).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { now } from '@/lib/clock';
import { resetEnvCache } from '@/lib/env';
import { heavyWorkRunning } from '@/lib/http/heavy-work';
import { useTestDatabase } from '../db';
import { createPayoutOrg, orderItem, type PayoutOrg } from '../payouts-fixtures';

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
    // between chunks. The test database's pool has DB_POOL_MAX=5 connections, fewer than the twelve streams.
    configure({ HEAVY_CONCURRENCY_PER_ORG: '20', EXPORT_CONCURRENCY_TOTAL: '20' });
    const attacker = await createPayoutOrg();
    const victim = await createPayoutOrg({ balance: '100' });
    const from = new Date(now().getTime() - 1000).toISOString();
    // Enough drafts that each export has several chunks of 1,000 rows left after the part read.
    const item = orderItem(attacker, '100.00');
    const created = await call(attacker.client, 'POST', '/api/v2/payouts', {
      orders: Array.from({ length: 5_000 }, () => item),
    });
    expect(created.status).toBe(201);
    const to = new Date(now().getTime() + 1000).toISOString();

    const started = Array.from({ length: 12 }, () => stalledExport(attacker, exportPath(from, to)));
    const streams: Awaited<(typeof started)[number]>[] = [];
    try {
      for (const stream of await within(15_000, 'twelve exports', Promise.all(started))) streams.push(stream);
      for (const { text } of streams) expect(text.split('\r\n')[0]).toMatch(/^order_id,batch_id,/);

      for (let round = 0; round < 3; round += 1) {
        const balance = await within(
          2_000,
          'GET /funding/balance',
          call(victim.client, 'GET', '/api/v2/funding/balance'),
        );
        expect(balance.status).toBe(200);
        const up = await within(
          2_000,
          'GET /api/health',
          health(new Request('http://localhost:3000/api/health')),
        );
        expect(up.status).toBe(200);
        expect(await up.json()).toEqual({ status: 'ok' });
      }
    } finally {
      for (const { reader } of streams) await reader.cancel();
    }
    // Cancelled streams give their places back.
    expect(heavyWorkRunning().exports).toBe(0);
  });
});

describe('heavy work per organization', () => {
  it('a third export of one organization at once is 429 with Retry-After; another organization still exports; a stalled stream is aborted and gives its place back', async () => {
    configure({ HEAVY_CONCURRENCY_PER_ORG: '2', STREAM_WRITE_TIMEOUT_SECONDS: '1' });
    const org = await createPayoutOrg();
    const other = await createPayoutOrg();
    const from = new Date(now().getTime() - 1000).toISOString();
    const item = orderItem(org, '100.00');
    expect(
      (
        await call(org.client, 'POST', '/api/v2/payouts', {
          orders: Array.from({ length: 1_500 }, () => item),
        })
      ).status,
    ).toBe(201);
    const to = new Date(now().getTime() + 1000).toISOString();
    const warnings = vi.spyOn(process.stderr, 'write');

    const first = await stalledExport(org, exportPath(from, to));
    const second = await stalledExport(org, exportPath(from, to));
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
      message: 'Too many order exports are running for this organization; retry in 5 seconds',
    });
    // The statement is its own operation with its own bound.
    const statement = await org.client.send('GET', `/api/v2/funding/statement?from=${from}&to=${to}`);
    expect(statement.status).toBe(200);
    await statement.text();
    const elsewhere = await other.client.send('GET', exportPath(from, to));
    expect(elsewhere.status).toBe(200);
    await elsewhere.text();

    // Neither stalled client reads on: after the write timeout both streams are aborted and logged…
    const aborts = () =>
      warnings.mock.calls
        .map(([line]) => String(line))
        .filter((line) => line.includes('stream aborted: the client stopped reading'));
    await until(10_000, 'both stalled exports aborted', async () => aborts().length === 2);
    expect(JSON.parse(aborts()[0]!)).toMatchObject({
      level: 'warn',
      operation: 'exportOrders',
      org_id: org.orgId,
      write_timeout_ms: 1000,
    });
    // …and their places are free again: two new exports run at once.
    const again = [
      await org.client.send('GET', exportPath(from, to)),
      await org.client.send('GET', exportPath(from, to)),
    ];
    expect(again.map((response) => response.status)).toEqual([200, 200]);
    for (const response of again) await response.text();
    await expect(first.reader.read()).rejects.toThrow('client took no data for 1000 ms');
    await expect(second.reader.read()).rejects.toThrow('client took no data for 1000 ms');
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
