// The orders summary through the real route: completed amounts per UTC day of creation and currency, exact to the
// cent across batches; confirmed orders by outcome; the period's bounds; another organization's orders never count.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { now } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { addApiKey, createTestOrganization } from '../fixtures';
import { callJson, createPayoutOrg, orderItem, type PayoutOrg } from '../payouts-fixtures';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

interface Order {
  id: string;
  status: string;
}
interface BatchWithOrders {
  batch: { id: string };
  orders: Order[];
}
interface Summary {
  from: string;
  to: string;
  volume: { day: string; currency: string; beneficiary_amount: string; order_count: number }[];
  outcomes: { completed: number; failed: number; cancelled_expired: number; in_progress: number };
}

async function created(org: PayoutOrg, items: unknown[]): Promise<BatchWithOrders> {
  const response = await callJson<BatchWithOrders>(org.client, 'POST', '/api/v2/payouts', { orders: items });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function confirmed(org: PayoutOrg, items: unknown[]): Promise<BatchWithOrders> {
  const batch = await created(org, items);
  const response = await callJson<BatchWithOrders>(
    org.client,
    'POST',
    `/api/v2/payouts/${batch.batch.id}/confirm`,
  );
  expect(response.status).toBe(200);
  return response.body;
}

/** Moves every order of the batch along its sandbox path: 3 steps complete a plain order, fail a 666 one. */
async function advance(org: PayoutOrg, batchId: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    const response = await callJson(org.client, 'POST', `/api/v2/sandbox/payouts/${batchId}/advance`);
    expect(response.status).toBe(200);
  }
}

/** Dates the batch's orders as created on another day (as if confirmed then), to spread them over the period. */
async function createdOn(batchId: string, at: Date) {
  await db().execute(sql`update payout_orders set created_at = ${at.toISOString()}::timestamptz
    where batch_id = ${batchId}`);
}

const DAY = 24 * 60 * 60 * 1000;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function period(days: number) {
  const to = new Date(now().getTime() + 60_000);
  const from = new Date(to.getTime() - days * DAY);
  return { from: from.toISOString(), to: to.toISOString() };
}

function summaryPath(range: { from: string; to: string }) {
  return `/api/v2/orders/summary?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;
}

describe('orders summary', () => {
  it('sums completed amounts per UTC day and currency to the cent across batches, and counts outcomes', async () => {
    const org = await createPayoutOrg({ balance: '50000' });
    const today = now();
    const twoDaysAgo = new Date(today.getTime() - 2 * DAY);

    // Two batches today, mixing EUR and GBP; amounts whose float sum would not be exact.
    const first = await confirmed(org, [
      orderItem(org, '100.10'),
      orderItem(org, '200.20'),
      orderItem(org, '50.05', { currency: 'GBP' }),
    ]);
    const second = await confirmed(org, [
      orderItem(org, '10.70'),
      orderItem(org, '1234.56', { currency: 'GBP' }),
    ]);
    // Two batches two days ago: one order completes, one fails at the bank (666); one is still in progress.
    const older = await confirmed(org, [orderItem(org, '10.01'), orderItem(org, '1666.00')]);
    const waiting = await confirmed(org, [orderItem(org, '1555.00')]);
    // A batch whose order expires unfunded (777), one left awaiting deposit, and a discarded draft.
    const expiring = await confirmed(org, [orderItem(org, '1777.00')]);
    await confirmed(org, [orderItem(org, '300.00')]);
    const draft = await created(org, [orderItem(org, '400.00')]);
    expect((await callJson(org.client, 'POST', `/api/v2/payouts/${draft.batch.id}/cancel`)).status).toBe(200);

    await advance(org, first.batch.id, 3);
    await advance(org, second.batch.id, 3);
    await advance(org, older.batch.id, 3);
    await advance(org, expiring.batch.id, 1);
    await createdOn(older.batch.id, twoDaysAgo);
    await createdOn(waiting.batch.id, twoDaysAgo);

    const range = period(30);
    const summary = await callJson<Summary>(org.client, 'GET', summaryPath(range));
    expect(summary.status).toBe(200);
    expect(summary.body.from).toBe(range.from);
    expect(summary.body.to).toBe(range.to);
    expect(summary.body.volume).toEqual([
      { day: utcDay(twoDaysAgo), currency: 'EUR', beneficiary_amount: '10.01', order_count: 1 },
      { day: utcDay(today), currency: 'EUR', beneficiary_amount: '311.00', order_count: 3 },
      { day: utcDay(today), currency: 'GBP', beneficiary_amount: '1284.61', order_count: 2 },
    ]);
    expect(summary.body.outcomes).toEqual({ completed: 6, failed: 1, cancelled_expired: 1, in_progress: 2 });

    // A period that ends before today holds only the older batch.
    const earlier = await callJson<Summary>(
      org.client,
      'GET',
      summaryPath({ from: range.from, to: new Date(today.getTime() - DAY).toISOString() }),
    );
    expect(earlier.body.volume).toEqual([
      { day: utcDay(twoDaysAgo), currency: 'EUR', beneficiary_amount: '10.01', order_count: 1 },
    ]);
    expect(earlier.body.outcomes).toEqual({ completed: 1, failed: 1, cancelled_expired: 0, in_progress: 1 });
  });

  it("never counts another organization's orders", async () => {
    const mine = await createPayoutOrg({ balance: '5000' });
    const theirs = await createPayoutOrg({ balance: '5000' });
    const batch = await confirmed(theirs, [orderItem(theirs, '999.99')]);
    await advance(theirs, batch.batch.id, 3);

    const summary = await callJson<Summary>(mine.client, 'GET', summaryPath(period(30)));
    expect(summary.status).toBe(200);
    expect(summary.body.volume).toEqual([]);
    expect(summary.body.outcomes).toEqual({ completed: 0, failed: 0, cancelled_expired: 0, in_progress: 0 });
    const theirSummary = await callJson<Summary>(theirs.client, 'GET', summaryPath(period(30)));
    expect(theirSummary.body.volume).toEqual([
      { day: utcDay(now()), currency: 'EUR', beneficiary_amount: '999.99', order_count: 1 },
    ]);
  });

  it('answers a member key; refuses an organization without the payouts entitlement', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const batch = await confirmed(org, [orderItem(org, '42.42', { currency: 'GBP' })]);
    await advance(org, batch.batch.id, 3);
    const member = apiClient(await addApiKey(org.orgId, { role: 'member' }));
    const summary = await callJson<Summary>(member, 'GET', summaryPath(period(7)));
    expect(summary.status).toBe(200);
    expect(summary.body.volume).toEqual([
      { day: utcDay(now()), currency: 'GBP', beneficiary_amount: '42.42', order_count: 1 },
    ]);

    const other = await createTestOrganization({ entitlements: ['liquidity_management'] });
    const refused = await callJson(apiClient(other.credentials), 'GET', summaryPath(period(7)));
    expect(refused.status).toBe(403);
  });

  it('needs a period of at most 92 days: longer is a 400 naming `to` (errors[].field); missing or reversed is a 422', async () => {
    const org = await createPayoutOrg();
    const tooLong = await callJson<{ code: string; errors: { field: string }[] }>(
      org.client,
      'GET',
      summaryPath({ from: '2026-01-01T00:00:00Z', to: '2026-04-03T00:00:01Z' }),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('period_too_long');
    expect(tooLong.body.errors.map((e) => e.field)).toEqual(['to']);
    const longest = await callJson(
      org.client,
      'GET',
      summaryPath({ from: '2026-01-01T00:00:00Z', to: '2026-04-03T00:00:00Z' }),
    );
    expect(longest.status).toBe(200);

    const missing = await callJson<{ message: string[] }>(org.client, 'GET', '/api/v2/orders/summary');
    expect(missing.status).toBe(422);
    expect(missing.body.message).toEqual(['from: is required', 'to: is required']);
    const reversed = await callJson<{ message: string[] }>(
      org.client,
      'GET',
      summaryPath({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }),
    );
    expect(reversed.status).toBe(422);
    expect(reversed.body.message).toEqual(['to: must be after from']);
  });
});
