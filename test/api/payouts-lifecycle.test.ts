// The order lifecycle through the real routes: every path (complete, fail, expire, cancel, draft expiry, discard) with
// the balances after each step, the sandbox advance endpoints, expiry by moving the clock, batch status for every
// combination, the worker's automatic steps and an advance racing them.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { systemActor } from '@/lib/identity/server/auth/service-actor';
import { advanceOrder, runSandboxStep } from '@/lib/payouts/server/lifecycle';
import { resetEnvCache } from '@/lib/platform/env';
import { startWorker, type WorkerHandle } from '@/lib/platform/jobs/runner';
import { dec } from '@/lib/platform/money';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { addApiKey } from '../fixtures';
import {
  balanceOf,
  callJson,
  createPayoutOrg,
  jobsFor,
  ledgerInvariants,
  orderItem,
  type PayoutOrg,
} from '../payouts-fixtures';
import { publicEvents } from '../support/public-events';

const testDb = await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

interface Order {
  id: string;
  status: string;
  failure_message: string | null;
  tracking_reference: string | null;
  expires_at: string | null;
  source_amount: string;
}
interface Batch {
  id: string;
  status: string;
  completed_count: number;
  failed_count: number;
  total_count: number;
  source_amount_total: string;
  funds: { held: string; paid: string; released: string };
}
interface BatchWithOrders {
  batch: Batch;
  orders: Order[];
}

async function confirmedBatch(org: PayoutOrg, amounts: string[]): Promise<BatchWithOrders> {
  const created = await callJson<BatchWithOrders>(org.client, 'POST', '/api/v2/payouts', {
    orders: amounts.map((amount) => orderItem(org, amount)),
  });
  expect(created.status).toBe(201);
  const confirmed = await callJson<BatchWithOrders>(
    org.client,
    'POST',
    `/api/v2/payouts/${created.body.batch.id}/confirm`,
  );
  expect(confirmed.status).toBe(200);
  return confirmed.body;
}

const advance = (org: PayoutOrg, orderId: string) =>
  callJson<Order>(org.client, 'POST', `/api/v2/sandbox/orders/${orderId}/advance`);
const advanceAll = (org: PayoutOrg, batchId: string) =>
  callJson<BatchWithOrders>(org.client, 'POST', `/api/v2/sandbox/payouts/${batchId}/advance`);
/** Moves the organization's sandbox clock; the expiry sweeps run for it at once. */
const moveClock = (org: PayoutOrg, seconds: number) =>
  callJson<{ now: string; offset_seconds: number }>(org.client, 'POST', '/api/v2/sandbox/clock', {
    advance_seconds: seconds,
  });
const batchOf = async (org: PayoutOrg, batchId: string) =>
  (await callJson<BatchWithOrders>(org.client, 'GET', `/api/v2/payouts/${batchId}`)).body;

async function expectLedgerSound() {
  const invariants = await ledgerInvariants();
  expect(Number(invariants.total)).toBe(0);
  expect(invariants).toMatchObject({ unbalanced: 0, negative: 0 });
}

describe('lifecycle paths, with the balance after every step', () => {
  it('complete: held → settlement → paid out; the batch completes', async () => {
    const org = await createPayoutOrg({ balance: '2000' });
    const { batch, orders } = await confirmedBatch(org, ['1000.00']); // 1120.24 USDT
    const id = orders[0]!.id;
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '879.76', held: '1120.24' });

    const received = await advance(org, id);
    expect(received.body).toMatchObject({ status: 'DEPOSIT_RECEIVED', tracking_reference: null });
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '879.76', held: '0.00', total: '879.76' });

    const paying = await advance(org, id);
    expect(paying.body.status).toBe('PAYING_BENEFICIARY');
    expect(paying.body.tracking_reference).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    const done = await advance(org, id);
    expect(done.body).toMatchObject({ status: 'COMPLETED', failure_message: null });
    expect(done.body.tracking_reference).toBe(paying.body.tracking_reference);
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '879.76', held: '0.00' });
    expect((await batchOf(org, batch.id)).batch).toMatchObject({
      status: 'COMPLETED',
      completed_count: 1,
      failed_count: 0,
    });

    const again = await advance(org, id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'order is COMPLETED: it has no next state' });
    const types = (await publicEvents(org.client, { about: [id, batch.id] })).map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'batch.created',
        'batch.confirmed',
        'order.awaiting_deposit',
        'order.deposit_received',
        'order.paying_beneficiary',
        'order.completed',
        'batch.completed',
      ]),
    );
    await expectLedgerSound();
  });

  it('fail (…666): returned by the bank, the funds come back to available; the batch fails', async () => {
    const org = await createPayoutOrg({ balance: '2000' });
    const { batch, orders } = await confirmedBatch(org, ['666.00']);
    const id = orders[0]!.id;
    const held = orders[0]!.source_amount;
    expect((await balanceOf(org.orgId)).held).toBe(held);
    await advance(org, id);
    await advance(org, id);
    expect(await balanceOf(org.orgId)).toMatchObject({ held: '0.00' });
    const failed = await advance(org, id);
    expect(failed.body).toMatchObject({
      status: 'FAILED',
      failure_message: "The beneficiary's bank returned the payment: account closed",
    });
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '2000.00', held: '0.00' });
    expect((await batchOf(org, batch.id)).batch).toMatchObject({
      status: 'FAILED',
      failed_count: 1,
      completed_count: 0,
    });
    await expectLedgerSound();
  });

  it('never funded (…777): an advance makes the deadline pass now; the hold is released', async () => {
    const org = await createPayoutOrg({ balance: '2000' });
    const { orders } = await confirmedBatch(org, ['777.00']);
    const expired = await advance(org, orders[0]!.id);
    expect(expired.body.status).toBe('CANCELLED_EXPIRED');
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '2000.00', held: '0.00' });
    const released = await db().execute<{ data: Record<string, string> }>(
      sql`select data from events where org_id = ${org.orgId} and type = 'funding.released'`,
    );
    expect(released.map((e) => e.data)).toEqual([
      expect.objectContaining({
        type: 'batch_hold_release',
        amount: orders[0]!.source_amount,
        available_change: orders[0]!.source_amount,
        held_change: `-${orders[0]!.source_amount}`,
        reference_type: 'order',
        reference_id: orders[0]!.id,
      }),
    ]);
    await expectLedgerSound();
  });

  it('expiry at the deadline: moving the sandbox clock past expires_at runs the sweep — nobody reads the order', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const { batch, orders } = await confirmedBatch(org, ['777.00', '1000.00']);
    expect(await jobsFor(batch.id)).toEqual([
      { task_identifier: 'payouts.expire-funding', key: `payouts.expire-funding:${batch.id}` },
    ]);
    expect((await moveClock(org, 59 * 60)).status).toBe(200);
    expect((await batchOf(org, batch.id)).orders.map((o) => o.status)).toEqual([
      'AWAITING_DEPOSIT',
      'AWAITING_DEPOSIT',
    ]);
    await moveClock(org, 60);
    const after = await batchOf(org, batch.id);
    expect(after.orders.map((o) => o.status)).toEqual(['CANCELLED_EXPIRED', 'CANCELLED_EXPIRED']);
    expect(after.batch).toMatchObject({ status: 'FAILED', failed_count: 2 });
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '5000.00', held: '0.00' });
    expect(orders.every((o) => o.expires_at !== null)).toBe(true);
    await expectLedgerSound();
  });

  it('cancel: an approver cancels an order awaiting deposit; its share of the hold is released', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const { batch, orders } = await confirmedBatch(org, ['1000.00', '2000.00']);
    const member = apiClient(await addApiKey(org.orgId, { role: 'member' }));
    expect((await callJson(member, 'POST', `/api/v2/orders/${orders[0]!.id}/cancel`)).status).toBe(403);
    const cancelled = await callJson<Order>(org.client, 'POST', `/api/v2/orders/${orders[0]!.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED_EXPIRED');
    // 1120.24 released; 2000 EUR OUR: fee 27.00, (2027 / 0.92) × 1.0045 = 2213.1755… → 2213.18 still held
    expect(await balanceOf(org.orgId)).toMatchObject({ held: '2213.18', available: '2786.82' });
    const twice = await callJson<{ message: string }>(
      org.client,
      'POST',
      `/api/v2/orders/${orders[0]!.id}/cancel`,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      'order is CANCELLED_EXPIRED: only an order awaiting deposit can be cancelled',
    );
    await advance(org, orders[1]!.id);
    const tooLate = await callJson(org.client, 'POST', `/api/v2/orders/${orders[1]!.id}/cancel`);
    expect(tooLate.status).toBe(409);
    expect((await batchOf(org, batch.id)).batch).toMatchObject({ status: 'IN_PROGRESS', failed_count: 1 });
    await expectLedgerSound();
  });

  it('draft expiry: a draft not confirmed in 7 days expires whole; nothing was ever charged', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const created = await callJson<BatchWithOrders>(org.client, 'POST', '/api/v2/payouts', {
      orders: [orderItem(org, '100.00'), orderItem(org, '200.00')],
    });
    await moveClock(org, 7 * 86_400 - 60);
    expect((await batchOf(org, created.body.batch.id)).batch.status).toBe('AWAITING_CONFIRMATION');
    await moveClock(org, 60);
    const after = await batchOf(org, created.body.batch.id);
    expect(after.batch).toMatchObject({ status: 'CANCELLED_EXPIRED', failed_count: 2 });
    expect(after.orders.map((o) => o.status)).toEqual(['CANCELLED_EXPIRED', 'CANCELLED_EXPIRED']);
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '5000.00', held: '0.00' });
    const confirm = await callJson(org.client, 'POST', `/api/v2/payouts/${created.body.batch.id}/confirm`);
    expect(confirm.status).toBe(409);
  });
});

describe('batch status follows its orders', () => {
  it('drafts → AWAITING_CONFIRMATION; running → IN_PROGRESS; finished and running → IN_PROGRESS; a mix → PARTIALLY_COMPLETED', async () => {
    const org = await createPayoutOrg({ balance: '20000' });
    const created = await callJson<BatchWithOrders>(org.client, 'POST', '/api/v2/payouts', {
      orders: ['1000.00', '666.00', '555.00', '777.00'].map((a) => orderItem(org, a)),
    });
    expect(created.body.batch.status).toBe('AWAITING_CONFIRMATION');
    const draftAdvance = await advanceAll(org, created.body.batch.id);
    expect(draftAdvance.status).toBe(409);
    const confirmed = await callJson<BatchWithOrders>(
      org.client,
      'POST',
      `/api/v2/payouts/${created.body.batch.id}/confirm`,
    );
    expect(confirmed.body.batch).toMatchObject({
      status: 'IN_PROGRESS',
      completed_count: 0,
      failed_count: 0,
    });

    const step1 = await advanceAll(org, created.body.batch.id);
    expect(step1.body.orders.map((o) => o.status)).toEqual([
      'DEPOSIT_RECEIVED',
      'DEPOSIT_RECEIVED',
      'DEPOSIT_RECEIVED',
      'CANCELLED_EXPIRED',
    ]);
    expect(step1.body.batch).toMatchObject({ status: 'IN_PROGRESS', failed_count: 1 });
    await advanceAll(org, created.body.batch.id);
    const step3 = await advanceAll(org, created.body.batch.id);
    expect(step3.body.orders.map((o) => o.status)).toEqual([
      'COMPLETED',
      'FAILED',
      'COMPLETED',
      'CANCELLED_EXPIRED',
    ]);
    expect(step3.body.batch).toMatchObject({
      status: 'PARTIALLY_COMPLETED',
      total_count: 4,
      completed_count: 2,
      failed_count: 2,
    });
    const done = await advanceAll(org, created.body.batch.id);
    expect(done.status).toBe(409);
    const partial = await publicEvents(org.client, {
      types: ['batch.partially_completed'],
      about: [created.body.batch.id],
    });
    expect(partial).toHaveLength(1);
    await expectLedgerSound();
  });
});

describe('where a batch’s money is (funds: held, paid, released)', () => {
  it('splits the total as orders finish: paid for completed, released for failed and expired, held for the rest', async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    const amounts = ['1000.00', '666.00', '777.00', '555.00'];
    const draft = await callJson<BatchWithOrders>(org.client, 'POST', '/api/v2/payouts', {
      orders: amounts.map((amount) => orderItem(org, amount)),
    });
    // Nothing is held before confirmation.
    expect(draft.body.batch.funds).toEqual({ held: '0.00', paid: '0.00', released: '0.00' });

    const { batch, orders } = await confirmedBatch(org, amounts);
    expect(batch.funds).toEqual({ held: batch.source_amount_total, paid: '0.00', released: '0.00' });

    // The first order completes, the second is returned by the bank, the third never gets its deposit; the fourth
    // is left awaiting its deposit.
    for (let step = 0; step < 3; step += 1) {
      await advance(org, orders[0]!.id);
      await advance(org, orders[1]!.id);
    }
    await advance(org, orders[2]!.id);
    const after = (await batchOf(org, batch.id)).batch;
    expect(after.status).toBe('IN_PROGRESS');
    const [completed, failed, expired, waiting] = orders.map((order) => order.source_amount);
    expect(after.funds).toEqual({
      held: waiting,
      paid: completed,
      released: dec(failed!).plus(expired!).toFixed(2),
    });
    // The held part is the organization's whole hold, and the three parts add up to the total.
    expect((await balanceOf(org.orgId)).held).toBe(after.funds.held);
    expect(dec(after.funds.held).plus(after.funds.paid).plus(after.funds.released).toFixed(2)).toBe(
      after.source_amount_total,
    );
  });
});

describe('the worker', () => {
  let worker: WorkerHandle | undefined;
  afterAll(async () => {
    await worker?.stop();
    process.env.SANDBOX_STEP_SECONDS = '0';
    resetEnvCache();
  });

  it('takes the automatic steps: …666 fails, a plain amount completes, …555 waits', async () => {
    process.env.SANDBOX_STEP_SECONDS = '1';
    resetEnvCache();
    const org = await createPayoutOrg({ balance: '10000' });
    const { batch, orders } = await confirmedBatch(org, ['1000.00', '666.00', '555.00']);
    worker = await startWorker({ connectionString: testDb.url, concurrency: 2, pollInterval: 200 });
    const deadline = Date.now() + 20_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      statuses = (await batchOf(org, batch.id)).orders.map((o) => o.status);
      if (statuses[0] === 'COMPLETED' && statuses[1] === 'FAILED') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(statuses).toEqual(['COMPLETED', 'FAILED', 'AWAITING_DEPOSIT']);
    // The 555 order still holds its share; the other two are paid or returned.
    expect((await balanceOf(org.orgId)).held).toBe(orders[2]!.source_amount);
    expect((await jobsFor(batch.id)).map((j) => j.task_identifier)).toEqual(['payouts.expire-funding']);
    await worker.stop();
    worker = undefined;
    await expectLedgerSound();
  }, 30_000);

  it('an advance racing an automatic step happens once: each order is swept, sent and paid exactly once', async () => {
    const org = await createPayoutOrg({ balance: '50000' });
    const { batch, orders } = await confirmedBatch(
      org,
      Array.from({ length: 10 }, (_, i) => `${1000 + i}.00`),
    );
    const actor = systemActor(org.orgId);
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([
        runSandboxStep(org.orgId, batch.id),
        ...orders.map((order) => advanceOrder(db(), actor, order.id).catch(() => undefined)),
      ]);
    }
    const after = await batchOf(org, batch.id);
    expect(after.orders.every((o) => o.status === 'COMPLETED')).toBe(true);
    // Every order's money moved exactly once at each step: per order, one sweep and one payout in the ledger.
    const moved = await db().execute<{ type: string; order_id: string; n: number; amount: string }>(sql`
      select t.type, o->>'id' as order_id, count(*)::int as n, sum((o->>'amount')::numeric)::text as amount
      from ledger_transactions t, jsonb_array_elements(t.metadata->'orders') o
      where t.org_id = ${org.orgId} and t.type in ('settlement_sweep', 'payout_paid')
      group by t.type, o->>'id'`);
    expect(moved).toHaveLength(20);
    expect(moved.every((row) => row.n === 1)).toBe(true);
    for (const order of orders) {
      for (const type of ['settlement_sweep', 'payout_paid'])
        expect(
          dec(moved.find((m) => m.order_id === order.id && m.type === type)!.amount).eq(order.source_amount),
        ).toBe(true);
    }
    const events = await publicEvents(org.client, {
      types: ['order.deposit_received', 'order.paying_beneficiary', 'order.completed'],
      about: orders.map((o) => o.id),
    });
    expect(events).toHaveLength(30);
    expect(await balanceOf(org.orgId)).toMatchObject({ held: '0.00' });
    await expectLedgerSound();
  });
});
