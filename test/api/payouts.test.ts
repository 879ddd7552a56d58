// Payout batches through the real routes: createBatch (quotes, 422 paths, 400 naming every order), reads,
// re-quote, discard, confirm and its refusals, the approval policy, and isolation between organizations.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { orderQuotes } from '@/db/schema/payouts';
import { corridors } from '@/db/schema/pricing';
import { resetEnvCache } from '@/lib/platform/env';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { addApiKey } from '../fixtures';
import {
  balanceOf,
  callJson,
  createPayoutOrg,
  ledgerInvariants,
  orderItem,
  type PayoutOrg,
  setProfileStatus,
} from '../payouts-fixtures';
import { createUserSessionFetch } from '../sessions';
import { publicEvents } from '../support/public-events';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

interface Batch {
  id: string;
  status: string;
  total_count: number;
  completed_count: number;
  failed_count: number;
  client_reference: string | null;
  source_amount_total: string;
  quote_expires_at: string;
  confirmed_at: string | null;
  created_at: string;
  updated_at: string;
}
interface Order {
  id: string;
  batch_id: string;
  status: string;
  beneficiary_amount: string;
  fee_amount: string | null;
  source_amount: string | null;
  source_currency: string;
  expires_at: string | null;
  failure_message: string | null;
  tracking_reference: string | null;
  client_reference: string | null;
}
interface BatchWithOrders {
  batch: Batch;
  orders: Order[];
}
interface ErrorBody {
  statusCode: number;
  message: string | string[];
  errors?: { field: string; code: string; message: string }[];
}

const create = (org: PayoutOrg, orders: unknown[], clientReference?: string) =>
  callJson<BatchWithOrders>(org.client, 'POST', '/api/v2/payouts', {
    ...(clientReference ? { client_reference: clientReference } : {}),
    orders,
  });

describe('createBatch', () => {
  it('creates a draft batch with every order quoted, and charges nothing', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const response = await create(
      org,
      [
        orderItem(org, '1000.00', { feeType: 'OUR', clientReference: 'INV-1' }),
        orderItem(org, '1000.00', { feeType: 'SHA' }),
        orderItem(org, '500000', { currency: 'JPY', feeType: 'SHA' }),
      ],
      'RUN-1',
    );
    expect(response.status).toBe(201);
    const { batch, orders } = response.body;
    expect(batch).toMatchObject({
      status: 'AWAITING_CONFIRMATION',
      total_count: 3,
      completed_count: 0,
      failed_count: 0,
      client_reference: 'RUN-1',
      confirmed_at: null,
    });
    // The hand-computed quotes of lib/pricing/server/quote-engine.test.ts (EUR at 0.92, 45 bps):
    // OUR fee 26.00 → 1120.24; SHA fee 7.75 → 1100.31; JPY SHA: fee 1375, (501375 / 151.2) × 1.0045 = 3330.894… → 3330.90
    expect(orders.map((o) => [o.status, o.beneficiary_amount, o.fee_amount, o.source_amount])).toEqual([
      ['DRAFT', '1000.00', '26.00', '1120.24'],
      ['DRAFT', '1000.00', '7.75', '1100.31'],
      ['DRAFT', '500000', '1375', '3330.90'],
    ]);
    expect(orders.every((o) => o.source_currency === 'USDT' && o.expires_at === null)).toBe(true);
    expect(orders[0]!.client_reference).toBe('INV-1');
    expect(batch.source_amount_total).toBe('5551.45');
    const quoteLife = new Date(batch.quote_expires_at).getTime() - new Date(batch.created_at).getTime();
    expect(quoteLife).toBe(30 * 60_000);
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '5000.00', held: '0.00' });
  });

  it('never reveals the rate or the margin, though the snapshot keeps them', async () => {
    const org = await createPayoutOrg();
    const response = await create(org, [orderItem(org, '1000.00')]);
    const text = JSON.stringify(response.body);
    expect(text).not.toMatch(/"[a-z_]*(rate|margin|units_per_usdt|fee_total|corridor|cost)[a-z_]*"/);
    expect(text).not.toContain('"0.92');
    const [snapshot] = await db()
      .select()
      .from(orderQuotes)
      .where(eq(orderQuotes.orderId, response.body.orders[0]!.id));
    expect(snapshot).toMatchObject({
      unitsPerUsdt: '0.920000000000',
      marginBps: '45.0000',
      feeTotal: '26.000000',
    });
    const read = await callJson(org.client, 'GET', `/api/v2/payouts/${response.body.batch.id}`);
    expect(JSON.stringify(read.body)).not.toMatch(/margin|units_per_usdt|"rate"/);
  });

  it('a 3-order batch with bad fields in orders 0 and 2 is a 422 naming each field by path', async () => {
    const org = await createPayoutOrg();
    const response = await create(org, [
      { ...orderItem(org, '12,50'), fee_type: 'BOTH' },
      orderItem(org, '100.00'),
      { ...orderItem(org, '100.123'), purpose_code: undefined },
    ]);
    expect(response.status).toBe(422);
    const body = response.body as unknown as ErrorBody;
    expect(body.statusCode).toBe(422);
    expect(body.message).toEqual(
      expect.arrayContaining([
        'orders.0.beneficiary_amount: must be a decimal string such as "100.50"',
        'orders.0.fee_type: must be one of OUR, SHA',
        'orders.2.purpose_code: is required',
        'orders.2.beneficiary_amount: must have at most 2 decimals for EUR',
      ]),
    );
    expect((body.message as string[]).some((m) => m.startsWith('orders.1'))).toBe(false);
    expect(body.errors?.map((e) => e.field)).toEqual(
      expect.arrayContaining(['orders.0.beneficiary_amount', 'orders.0.fee_type', 'orders.2.purpose_code']),
    );
  });

  it.each([
    [{ orders: [] }, 'orders: must hold at least one order'],
    [{}, 'orders: is required'],
    [{ orders: [{}], extra: 1 }, 'extra: is not a recognised field'],
  ])('refuses a malformed body %j with 422', async (body, message) => {
    const org = await createPayoutOrg();
    const response = await callJson<ErrorBody>(org.client, 'POST', '/api/v2/payouts', body);
    expect(response.status).toBe(422);
    expect(response.body.message).toContain(message);
  });

  it('a field that breaks several rules still gets one 422 message (the spec: one per failing field)', async () => {
    const org = await createPayoutOrg();
    const response = await create(org, [
      orderItem(org, 'abc'), // not a decimal, and no non-zero digit
      orderItem(org, '0.000'), // zero, and three decimals for EUR
      { ...orderItem(org, '100.00'), fee_type: 'BOTH' },
    ]);
    expect(response.status).toBe(422);
    const body = response.body as unknown as ErrorBody;
    expect(body.message).toEqual([
      'orders.0.beneficiary_amount: must be a decimal string such as "100.50"',
      'orders.1.beneficiary_amount: must be greater than zero',
      'orders.2.fee_type: must be one of OUR, SHA',
    ]);
    expect(body.errors?.map((e) => e.field)).toEqual([
      'orders.0.beneficiary_amount',
      'orders.1.beneficiary_amount',
      'orders.2.fee_type',
    ]);
  });

  it('zero- and three-decimal currencies: JPY refuses decimals, KWD takes three', async () => {
    const org = await createPayoutOrg();
    const jpy = await create(org, [orderItem(org, '1500.5', { currency: 'JPY' })]);
    expect(jpy.status).toBe(422);
    expect((jpy.body as unknown as ErrorBody).message).toContain(
      'orders.0.beneficiary_amount: must be a whole number of JPY',
    );
    const kwd = await create(org, [orderItem(org, '1000.125', { currency: 'KWD' })]);
    expect(kwd.status).toBe(201);
    // fee 6.000; (1006.125 / 0.3071) × 1.0045 = 3290.955… → 3290.96
    expect(kwd.body.orders[0]).toMatchObject({
      beneficiary_amount: '1000.125',
      fee_amount: '6.000',
      source_amount: '3290.96',
    });
  });

  it('business rules are one 400 naming every failing order at once, and nothing is stored', async () => {
    const org = await createPayoutOrg();
    const stranger = await createPayoutOrg();
    await setProfileStatus('beneficiary', org.beneficiaries.GBP, 'in_review');
    await db().update(corridors).set({ status: 'INACTIVE' }).where(eq(corridors.currency, 'KWD'));
    try {
      const response = await create(org, [
        orderItem(org, '100.00'), // fine
        { ...orderItem(org, '100.00'), beneficiary_profile_id: stranger.beneficiaries.EUR }, // another org's
        orderItem(org, '100.00', { currency: 'GBP' }), // not ready
        { ...orderItem(org, '100.00'), beneficiary_profile_id: org.otherBeneficiaryId }, // another sender's
        orderItem(org, '5.00'), // below the EUR minimum of 10
        { ...orderItem(org, '100.00'), beneficiary_currency: 'CHF' }, // no corridor
        orderItem(org, '100.000', { currency: 'KWD' }), // corridor suspended
      ]);
      expect(response.status).toBe(400);
      const body = response.body as unknown as ErrorBody;
      expect(body.errors?.map((e) => e.message)).toEqual([
        'orders.1.beneficiary_profile_id: beneficiary profile not found',
        'orders.2.beneficiary_profile_id: beneficiary profile is not ready (it is in_review)',
        'orders.3.beneficiary_profile_id: the beneficiary belongs to another sender',
        'orders.4.beneficiary_amount: must be between 10 and 1000000 EUR',
        'orders.5.beneficiary_currency: the beneficiary is paid in EUR, not CHF',
        'orders.5.beneficiary_currency: CHF is not a supported payout currency',
        'orders.6.beneficiary_currency: payouts in KWD are suspended at the moment',
      ]);
      expect(body.message).toMatch(/^7 problems, the batch was not created: orders\.1/);
      const [count] = await db().execute<{ n: number }>(
        sql`select count(*)::int as n from payout_batches where org_id = ${org.orgId}`,
      );
      expect(count!.n).toBe(0);
    } finally {
      await db().update(corridors).set({ status: 'ACTIVE' }).where(eq(corridors.currency, 'KWD'));
    }
  });

  it('a profile not ready is a 400 that says which one', async () => {
    const org = await createPayoutOrg();
    await setProfileStatus('sender', org.otherSenderId, 'in_review');
    const response = await create(org, [
      {
        ...orderItem(org, '100.00'),
        sender_profile_id: org.otherSenderId,
        beneficiary_profile_id: org.otherBeneficiaryId,
      },
    ]);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      message: 'orders.0.sender_profile_id: sender profile is not ready (it is in_review)',
    });
  });

  it('takes 5,000 orders in one request (over 1 MiB) and refuses 5,001 with a 422', async () => {
    const org = await createPayoutOrg();
    const orders = Array.from({ length: 5_000 }, (_, i) =>
      orderItem(org, `${100 + (i % 50)}.00`, {
        clientReference: `LINE-${String(i).padStart(6, '0')}-PADDING-PADDING`,
      }),
    );
    expect(JSON.stringify({ orders }).length).toBeGreaterThan(1_048_576);
    const response = await create(org, orders);
    expect(response.status).toBe(201);
    expect(response.body.batch.total_count).toBe(5_000);
    const page = await callJson<{ items: Order[]; meta: unknown }>(
      org.client,
      'GET',
      `/api/v2/payouts/${response.body.batch.id}/orders?limit=2&page=3`,
    );
    expect(page.body.meta).toEqual({ limit: 2, page: 3, total: 5_000 });
    expect(page.body.items.map((o) => o.client_reference)).toEqual([
      'LINE-000004-PADDING-PADDING',
      'LINE-000005-PADDING-PADDING',
    ]);
    const tooMany = await create(org, [...orders.slice(0, 5_000), orderItem(org, '100.00')]);
    expect(tooMany.status).toBe(422);
    expect((tooMany.body as unknown as ErrorBody).message).toContain('orders: must hold at most 5000 orders');
  }, 120_000);
});

describe('reads', () => {
  it('lists batches and orders with filters, and another organization sees none of them (404)', async () => {
    const org = await createPayoutOrg();
    const other = await createPayoutOrg();
    const first = await create(org, [orderItem(org, '100.00')], 'REF-A');
    const second = await create(org, [orderItem(org, '200.00'), orderItem(org, '300.00')], 'REF-B');
    const list = await callJson<{ items: Batch[]; meta: { total: number } }>(
      org.client,
      'GET',
      '/api/v2/payouts',
    );
    expect(list.body.items.map((b) => b.id)).toEqual([second.body.batch.id, first.body.batch.id]);
    const filtered = await callJson<{ items: Batch[] }>(
      org.client,
      'GET',
      '/api/v2/payouts?client_reference=REF-A',
    );
    expect(filtered.body.items.map((b) => b.id)).toEqual([first.body.batch.id]);
    const byStatus = await callJson<{ items: Batch[] }>(
      org.client,
      'GET',
      '/api/v2/payouts?status=COMPLETED',
    );
    expect(byStatus.body.items).toEqual([]);
    const orders = await callJson<{ items: Order[]; meta: { total: number } }>(
      org.client,
      'GET',
      `/api/v2/orders?batch_id=${second.body.batch.id}`,
    );
    expect(orders.body.meta.total).toBe(2);
    const one = await callJson<Order>(org.client, 'GET', `/api/v2/orders/${first.body.orders[0]!.id}`);
    expect(one.body).toEqual(first.body.orders[0]);

    expect((await callJson(other.client, 'GET', `/api/v2/payouts/${first.body.batch.id}`)).status).toBe(404);
    expect(
      (await callJson(other.client, 'GET', `/api/v2/payouts/${first.body.batch.id}/orders`)).status,
    ).toBe(404);
    expect((await callJson(other.client, 'GET', `/api/v2/orders/${first.body.orders[0]!.id}`)).status).toBe(
      404,
    );
    expect(
      (await callJson(other.client, 'POST', `/api/v2/payouts/${first.body.batch.id}/confirm`)).status,
    ).toBe(404);
    expect(
      (await callJson(other.client, 'POST', `/api/v2/orders/${first.body.orders[0]!.id}/cancel`)).status,
    ).toBe(404);
    expect((await callJson(org.client, 'GET', '/api/v2/payouts/not-a-batch-id')).status).toBe(404);
    expect((await callJson(org.client, 'GET', '/api/v2/orders/12345')).status).toBe(404);
    const otherList = await callJson<{ items: Batch[] }>(other.client, 'GET', '/api/v2/payouts');
    expect(otherList.body.items).toEqual([]);
  });
});

describe('re-quote and discard', () => {
  it('re-quoting a draft gives fresh amounts and expiry and keeps the old quote in the audit trail', async () => {
    const org = await createPayoutOrg();
    const created = await create(org, [orderItem(org, '1000.00')]);
    await db().execute(sql`update fx_rates set units_per_usdt = 0.90 where currency = 'EUR'`);
    await callJson(org.client, 'POST', '/api/v2/sandbox/clock', { advance_seconds: 10 * 60 });
    try {
      const requoted = await callJson<BatchWithOrders>(
        org.client,
        'POST',
        `/api/v2/payouts/${created.body.batch.id}/quote`,
      );
      expect(requoted.status).toBe(200);
      // (1026 / 0.90) × 1.0045 = 1145.13
      expect(requoted.body.orders[0]!.source_amount).toBe('1145.13');
      expect(requoted.body.batch.source_amount_total).toBe('1145.13');
      expect(new Date(requoted.body.batch.quote_expires_at).getTime()).toBeGreaterThan(
        new Date(created.body.batch.quote_expires_at).getTime(),
      );
      const [history] = await db().execute<{ data: { previous_quotes: { units_per_usdt: string }[] } }>(
        sql`select data from events where type = 'batch.requoted' and subject_id = ${created.body.batch.id}`,
      );
      expect(Number(history!.data.previous_quotes[0]!.units_per_usdt)).toBe(0.92);
      // The re-quote's history (with the old rates) is the provider's audit trail, never a client's event.
      const publicTypes = await publicEvents(org.client, { about: [created.body.batch.id] });
      expect(publicTypes.map((e) => e.type)).toEqual(['batch.created']);
    } finally {
      await db().execute(sql`update fx_rates set units_per_usdt = 0.92 where currency = 'EUR'`);
    }
  });

  it('discarding a draft cancels it whole; a discarded batch can be neither confirmed nor re-quoted', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const created = await create(org, [orderItem(org, '100.00'), orderItem(org, '200.00')]);
    const id = created.body.batch.id;
    const discarded = await callJson<BatchWithOrders>(org.client, 'POST', `/api/v2/payouts/${id}/cancel`);
    expect(discarded.status).toBe(200);
    expect(discarded.body.batch).toMatchObject({
      status: 'CANCELLED_EXPIRED',
      failed_count: 2,
      completed_count: 0,
    });
    expect(discarded.body.orders.map((o) => o.status)).toEqual(['CANCELLED_EXPIRED', 'CANCELLED_EXPIRED']);
    for (const action of ['confirm', 'quote', 'cancel']) {
      const refused = await callJson<ErrorBody>(org.client, 'POST', `/api/v2/payouts/${id}/${action}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^batch is CANCELLED_EXPIRED: only a batch awaiting confirmation/);
    }
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '5000.00', held: '0.00' });
  });
});

describe('confirm', () => {
  it('holds the total, moves every order to AWAITING_DEPOSIT with its deadline, and records who confirmed', async () => {
    const org = await createPayoutOrg({ balance: '3000' });
    const created = await create(org, [
      orderItem(org, '1000.00'),
      orderItem(org, '1000.00', { feeType: 'SHA' }),
    ]);
    const confirmed = await callJson<BatchWithOrders>(
      org.client,
      'POST',
      `/api/v2/payouts/${created.body.batch.id}/confirm`,
    );
    expect(confirmed.status).toBe(200);
    const { batch, orders } = confirmed.body;
    expect(batch.status).toBe('IN_PROGRESS');
    expect(batch.confirmed_at).not.toBeNull();
    for (const order of orders) {
      expect(order.status).toBe('AWAITING_DEPOSIT');
      expect(new Date(order.expires_at!).getTime() - new Date(batch.confirmed_at!).getTime()).toBe(
        60 * 60_000,
      );
    }
    // 1120.24 + 1100.31 = 2220.55
    expect(await balanceOf(org.orgId)).toMatchObject({
      available: '779.45',
      held: '2220.55',
      total: '3000.00',
    });
    const [row] = await db().execute<{ confirmed_by_api_key_id: string }>(
      sql`select confirmed_by_api_key_id from payout_batches where id = ${batch.id}`,
    );
    expect(row!.confirmed_by_api_key_id).toBe(org.credentials.apiKeyId);
    const types = await publicEvents(org.client, { about: [batch.id, ...orders.map((o) => o.id)] });
    expect(types.map((t) => t.type).sort()).toEqual(
      ['batch.confirmed', 'batch.created', 'order.awaiting_deposit', 'order.awaiting_deposit'].sort(),
    );

    const again = await callJson<ErrorBody>(org.client, 'POST', `/api/v2/payouts/${batch.id}/confirm`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'batch is IN_PROGRESS: only a batch awaiting confirmation can be confirmed',
    );
    expect(await balanceOf(org.orgId)).toMatchObject({ held: '2220.55' });
    expect(await ledgerInvariants()).toMatchObject({ unbalanced: 0, negative: 0 });
  });

  it('a short balance is a 400 "funding balance is short", and nothing changes', async () => {
    const org = await createPayoutOrg({ balance: '1120.23' });
    const created = await create(org, [orderItem(org, '1000.00')]);
    const refused = await callJson<ErrorBody>(
      org.client,
      'POST',
      `/api/v2/payouts/${created.body.batch.id}/confirm`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('funding balance is short');
    const read = await callJson<BatchWithOrders>(
      org.client,
      'GET',
      `/api/v2/payouts/${created.body.batch.id}`,
    );
    expect(read.body.batch.status).toBe('AWAITING_CONFIRMATION');
    expect(read.body.orders[0]!.status).toBe('DRAFT');
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '1120.23', held: '0.00' });
  });

  it('an expired quote is a 409 that asks for a re-quote; after re-quoting it confirms', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const created = await create(org, [orderItem(org, '1000.00')]);
    await callJson(org.client, 'POST', '/api/v2/sandbox/clock', { advance_seconds: 31 * 60 });
    const refused = await callJson<ErrorBody>(
      org.client,
      'POST',
      `/api/v2/payouts/${created.body.batch.id}/confirm`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('quote expired: re-quote the batch');
    expect((await balanceOf(org.orgId)).held).toBe('0.00');
    await callJson(org.client, 'POST', `/api/v2/payouts/${created.body.batch.id}/quote`);
    const confirmed = await callJson<BatchWithOrders>(
      org.client,
      'POST',
      `/api/v2/payouts/${created.body.batch.id}/confirm`,
    );
    expect(confirmed.status).toBe(200);
  });

  it('re-checks profiles: one no longer ready is a 400 naming the order', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const created = await create(org, [
      orderItem(org, '100.00'),
      orderItem(org, '100.00', { currency: 'GBP' }),
    ]);
    await setProfileStatus('beneficiary', org.beneficiaries.GBP, 'in_review');
    const refused = await callJson<ErrorBody>(
      org.client,
      'POST',
      `/api/v2/payouts/${created.body.batch.id}/confirm`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'orders.1.beneficiary_profile_id: beneficiary profile is no longer ready (it is in_review)',
    );
    expect((await balanceOf(org.orgId)).held).toBe('0.00');
  });

  it('the confirmed orders keep the parties as they were at confirmation, not at creation nor after', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const created = await create(org, [
      orderItem(org, '100.00'),
      orderItem(org, '100.00', { currency: 'GBP' }),
    ]);
    const nameOf = async () =>
      (
        await db().execute<{ line_number: number; name: string }>(
          sql`select line_number, parties->'beneficiary'->>'name' as name from payout_orders
            where batch_id = ${created.body.batch.id} order by line_number`,
        )
      ).map((row) => row.name);
    const [before] = await nameOf();
    // Renamed while the batch waits for confirmation: the confirmation pays the name as it is then.
    await db().execute(
      sql`update beneficiary_profiles set name = 'Renamed Before Confirm GmbH' where id = ${org.beneficiaries.EUR}`,
    );
    const confirmed = await callJson(org.client, 'POST', `/api/v2/payouts/${created.body.batch.id}/confirm`);
    expect(confirmed.status).toBe(200);
    const [eur, gbp] = await nameOf();
    expect(eur).toBe('Renamed Before Confirm GmbH');
    expect(eur).not.toBe(before);
    expect(gbp).toBeTruthy();
    // Renamed after confirmation: the confirmed order does not change.
    await db().execute(
      sql`update beneficiary_profiles set name = 'Renamed After Confirm GmbH' where id = ${org.beneficiaries.EUR}`,
    );
    expect((await nameOf())[0]).toBe('Renamed Before Confirm GmbH');
  });

  it("the batch's and its orders' events reach the webhook endpoints subscribed to them, in the same transaction", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
    resetEnvCache();
    try {
      const org = await createPayoutOrg({ balance: '5000' });
      const endpoint = async (path: string, eventTypes: string[]) => {
        const response = await callJson<{ id: string }>(org.client, 'POST', '/api/v2/webhooks/endpoints', {
          url: `http://127.0.0.1:9/${path}`,
          event_types: eventTypes,
        });
        expect(response.status).toBe(201);
        return response.body.id;
      };
      const everything = await endpoint('all', ['*']);
      const ordersOnly = await endpoint('orders', ['order.awaiting_deposit']);
      const created = await create(org, [
        orderItem(org, '100.00'),
        orderItem(org, '100.00', { currency: 'GBP' }),
      ]);
      const confirmed = await callJson(
        org.client,
        'POST',
        `/api/v2/payouts/${created.body.batch.id}/confirm`,
      );
      expect(confirmed.status).toBe(200);
      const rows = await db().execute<{ endpoint: string; type: string; subject: string }>(sql`
        select d.endpoint_id as endpoint, e.type, e.subject_id as subject
        from webhook_deliveries d join events e on e.id = d.event_id
        where d.org_id = ${org.orgId}`);
      const seen = (id: string) =>
        rows
          .filter((row) => row.endpoint === id)
          .map((row) => row.type)
          .sort();
      expect(seen(everything)).toEqual(
        [
          'batch.confirmed',
          'batch.created',
          'funding.held',
          'order.awaiting_deposit',
          'order.awaiting_deposit',
        ].sort(),
      );
      expect(seen(ordersOnly)).toEqual(['order.awaiting_deposit', 'order.awaiting_deposit']);
      // Each endpoint's drain was woken once (one job per endpoint, not one per delivery).
      const drains = await db().execute<{ key: string }>(sql`
        select key from graphile_worker.jobs where task_identifier = 'webhooks.drain'
          and key in (${`webhooks.drain:${everything}`}, ${`webhooks.drain:${ordersOnly}`})`);
      expect(drains.map((row) => row.key).sort()).toEqual(
        [`webhooks.drain:${everything}`, `webhooks.drain:${ordersOnly}`].sort(),
      );
    } finally {
      delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
      resetEnvCache();
    }
  });

  it('a member key may create drafts but not confirm (403)', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const member = apiClient(await addApiKey(org.orgId, { role: 'member' }));
    const created = await callJson<BatchWithOrders>(member, 'POST', '/api/v2/payouts', {
      orders: [orderItem(org, '100.00')],
    });
    expect(created.status).toBe(201);
    const refused = await callJson<ErrorBody>(
      member,
      'POST',
      `/api/v2/payouts/${created.body.batch.id}/confirm`,
    );
    expect(refused.status).toBe(403);
  });
});

describe('approval policy', () => {
  it('members read it; keys cannot change it; under it the creator cannot confirm, someone else can', async () => {
    const org = await createPayoutOrg({ balance: '50000' });
    const policy = await callJson(org.client, 'GET', '/api/v2/organizations/me/approval-policy');
    expect(policy.body).toEqual({
      require_separate_confirmer: false,
      threshold_usdt: null,
      withdrawals_require_approval: false,
      wallets_require_approval: false,
      updated_at: null,
    });
    const byKey = await callJson(org.client, 'PATCH', '/api/v2/organizations/me/approval-policy', {
      require_separate_confirmer: true,
    });
    expect(byKey.status).toBe(403);

    const admin = await createUserSessionFetch(org.orgId, 'admin');
    const patched = await admin('PATCH', '/api/v2/organizations/me/approval-policy', {
      require_separate_confirmer: true,
      threshold_usdt: '1000',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ require_separate_confirmer: true, threshold_usdt: '1000.00' });

    const small = await create(org, [orderItem(org, '100.00')]);
    expect(
      (await callJson(org.client, 'POST', `/api/v2/payouts/${small.body.batch.id}/confirm`)).status,
    ).toBe(200);

    const large = await create(org, [orderItem(org, '5000.00')]);
    const refused = await callJson<ErrorBody>(
      org.client,
      'POST',
      `/api/v2/payouts/${large.body.batch.id}/confirm`,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'approval policy: a batch of 1000.00 USDT or more must be confirmed by someone other than its makers (who created it, re-quoted it or changed a party it pays)',
    );
    const checker = apiClient(await addApiKey(org.orgId, { role: 'approver' }));
    const confirmed = await callJson<BatchWithOrders>(
      checker,
      'POST',
      `/api/v2/payouts/${large.body.batch.id}/confirm`,
    );
    expect(confirmed.status).toBe(200);
    const [row] = await db().execute<{ created_by_api_key_id: string; confirmed_by_api_key_id: string }>(
      sql`select created_by_api_key_id, confirmed_by_api_key_id from payout_batches where id = ${large.body.batch.id}`,
    );
    expect(row!.created_by_api_key_id).toBe(org.credentials.apiKeyId);
    expect(row!.confirmed_by_api_key_id).not.toBe(org.credentials.apiKeyId);
  });
});
