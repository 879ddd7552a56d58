// Receipts and exports through the real routes: the proof-of-payment PDF parses and says what it must (and never a
// rate or a margin); the orders CSV totals equal the API's; the funding statement runs from opening to closing.
import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { ORDER_EXPORT_HEADER } from '@/lib/payouts/server/export';
import { now } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { formatMoney } from '@/lib/platform/format';
import { Decimal, dec } from '@/lib/platform/money';
import { useTestDatabase } from '../db';
import { balanceOf, callJson, createPayoutOrg, orderItem, type PayoutOrg } from '../payouts-fixtures';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

interface Order {
  id: string;
  status: string;
  source_amount: string;
  fee_amount: string;
  tracking_reference: string | null;
}
interface BatchWithOrders {
  batch: { id: string };
  orders: Order[];
}

async function confirmed(org: PayoutOrg, items: unknown[], reference?: string): Promise<BatchWithOrders> {
  const created = await callJson<BatchWithOrders>(org.client, 'POST', '/api/v2/payouts', {
    orders: items,
    ...(reference ? { client_reference: reference } : {}),
  });
  return (
    await callJson<BatchWithOrders>(org.client, 'POST', `/api/v2/payouts/${created.body.batch.id}/confirm`)
  ).body;
}

async function advanceTimes(org: PayoutOrg, batchId: string, times: number) {
  for (let i = 0; i < times; i += 1)
    await callJson(org.client, 'POST', `/api/v2/sandbox/payouts/${batchId}/advance`);
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('receipt', () => {
  it('a completed order has a PDF proof of payment with its id, amount and tracking reference, and no rate or margin', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const batch = await confirmed(
      org,
      [orderItem(org, '1000.00', { clientReference: 'INV-2026/77' })],
      'RUN-9',
    );
    await advanceTimes(org, batch.batch.id, 3);
    const order = (await callJson<Order>(org.client, 'GET', `/api/v2/orders/${batch.orders[0]!.id}`)).body;
    expect(order.status).toBe('COMPLETED');

    const response = await org.client.send('GET', `/api/v2/orders/${order.id}/receipt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="receipt-\d{4}-\d{2}-\d{2}-INV-2026-77\.pdf"; filename\*=UTF-8''receipt-/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get('repr-digest')).toBe(
      `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`,
    );
    const text = await pdfText(bytes);
    expect(text).toContain('Proof of payment');
    expect(text).toContain(order.id);
    expect(text).toContain(batch.batch.id);
    expect(text).toContain('1,000.00 EUR');
    expect(text).toContain(`Debited from your balance`);
    expect(text).toContain(formatMoney(order.source_amount!, 'USDT'));
    expect(text).toContain(formatMoney(order.fee_amount!, 'EUR'));
    expect(text).toContain(order.tracking_reference!);
    expect(text).toContain('Test Sender Ltd');
    expect(text).toContain('EUR Supplier Ltd');
    expect(text).toContain('**** 3000');
    expect(text).toContain('INV-2026/77');
    expect(text).toContain('RUN-9');
    expect(text).not.toContain('DE89370400440532013000');
    // The USDT debited is the order's own source_amount (on the API and the page); the unconverted amount and the
    // rate behind it are not.
    expect(text).not.toMatch(/0\.92|margin|rate|bps|1115/i);
    // Who issued it, who released the money, and — in the sandbox — that it is not a real payment.
    expect(text).toContain('SANDBOX — not a real payment');
    expect(text).toContain('Issued by Payout Portal for');
    expect(text).toMatch(/Batch confirmed by\s+API key "test key"/);
    expect(text).toContain('Batch confirmed at');

    // A production receipt of the same order carries no sandbox mark.
    process.env.APP_ENV = 'production';
    resetEnvCache();
    try {
      const live = await org.client.send('GET', `/api/v2/orders/${order.id}/receipt`);
      expect(live.status).toBe(200);
      const liveText = await pdfText(new Uint8Array(await live.arrayBuffer()));
      expect(liveText).not.toMatch(/sandbox/i);
      expect(liveText).toContain('Issued by Payout Portal for');
    } finally {
      process.env.APP_ENV = 'sandbox';
      resetEnvCache();
    }
  });

  it('is a 409 until the order is COMPLETED, and a 404 for another organization', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const other = await createPayoutOrg();
    const batch = await confirmed(org, [orderItem(org, '100.00')]);
    const early = await callJson<{ message: string }>(
      org.client,
      'GET',
      `/api/v2/orders/${batch.orders[0]!.id}/receipt`,
    );
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('order is AWAITING_DEPOSIT: a receipt exists only for a COMPLETED order');
    expect(
      (await callJson(other.client, 'GET', `/api/v2/orders/${batch.orders[0]!.id}/receipt`)).status,
    ).toBe(404);
  });
});

describe('orders export', () => {
  it('the CSV has the documented columns, one row per order, and totals equal to the API', async () => {
    const org = await createPayoutOrg({ balance: '50000' });
    const from = new Date(now().getTime() - 1000).toISOString();
    const first = await confirmed(
      org,
      [orderItem(org, '1000.00'), orderItem(org, '666.00', { clientReference: '=HYPERLINK("x")' })],
      'A, "quoted"',
    );
    await advanceTimes(org, first.batch.id, 3);
    await callJson(org.client, 'POST', '/api/v2/payouts', {
      orders: [orderItem(org, '50000', { currency: 'JPY' })],
    });
    await confirmed(org, [orderItem(org, '250.50', { currency: 'GBP', feeType: 'SHA' })]);
    const to = new Date(now().getTime() + 1000).toISOString();

    const response = await org.client.send('GET', `/api/v2/orders/export?from=${from}&to=${to}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const csv = await response.text();
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...ORDER_EXPORT_HEADER]);

    const api = await callJson<{ items: Order[]; meta: { total: number } }>(
      org.client,
      'GET',
      `/api/v2/orders?created_from=${from}&created_to=${to}&limit=100`,
    );
    expect(parsed.data).toHaveLength(api.body.meta.total);
    const sum = (values: string[]) =>
      values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed(2);
    expect(sum(parsed.data.map((row) => row.source_amount!))).toBe(
      sum(api.body.items.map((o) => o.source_amount)),
    );
    const byId = new Map(api.body.items.map((o) => [o.id, o]));
    for (const row of parsed.data) {
      expect(byId.get(row.order_id!)?.status).toBe(row.status);
      expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    // The parties by name, appended after the columns 2.0 promised (their order never changes).
    expect(parsed.meta.fields?.slice(0, 19)).toEqual([
      'order_id',
      'batch_id',
      'batch_client_reference',
      'client_reference',
      'status',
      'sender_profile_id',
      'beneficiary_profile_id',
      'beneficiary_amount',
      'beneficiary_currency',
      'fee_type',
      'fee_amount',
      'purpose_code',
      'source_currency',
      'source_amount',
      'failure_message',
      'expires_at',
      'tracking_reference',
      'created_at',
      'updated_at',
    ]);
    const gbp = parsed.data.find((row) => row.beneficiary_currency === 'GBP');
    expect(gbp?.sender_name).toBe('Test Sender Ltd');
    expect(gbp?.beneficiary_name).toBe('GBP Supplier Ltd');
    expect(parsed.data.map((r) => r.batch_client_reference)).toContain('A, "quoted"');
    expect(parsed.data.map((r) => r.client_reference)).toContain(`'=HYPERLINK("x")`);
    expect(parsed.data.map((r) => r.status).sort()).toEqual([
      'AWAITING_DEPOSIT',
      'COMPLETED',
      'DRAFT',
      'FAILED',
    ]);
    // No column or cell carries the rate (0.92) or the margin (45 bps): the header is exactly the documented one.
    for (const row of parsed.data)
      expect(Object.values(row)).not.toEqual(expect.arrayContaining(['0.92', '45']));
  });

  it('needs a period: a missing or reversed range is a 422', async () => {
    const org = await createPayoutOrg();
    const missing = await callJson<{ message: string[] }>(org.client, 'GET', '/api/v2/orders/export');
    expect(missing.status).toBe(422);
    expect(missing.body.message).toEqual(['from: is required', 'to: is required']);
    const reversed = await callJson<{ message: string[] }>(
      org.client,
      'GET',
      '/api/v2/orders/export?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
    );
    expect(reversed.body.message).toEqual(['to: must be after from']);
  });
});

describe('funding statement', () => {
  it('opens with the balance at `from`, lists every movement with running balances, and closes at the balance now', async () => {
    const org = await createPayoutOrg({ balance: '2000' });
    const from = new Date(now().getTime() + 1).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const batch = await confirmed(org, [orderItem(org, '100.00'), orderItem(org, '777.00')]);
    await advanceTimes(org, batch.batch.id, 3);
    const to = new Date(now().getTime() + 1000).toISOString();
    const response = await org.client.send('GET', `/api/v2/funding/statement?from=${from}&to=${to}`);
    expect(response.status).toBe(200);
    const rows = Papa.parse<Record<string, string>>(await response.text(), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows[0]).toMatchObject({
      type: 'opening_balance',
      available_balance: '2000.00',
      held_balance: '0.00',
    });
    expect(rows.at(-1)).toMatchObject({ type: 'closing_balance' });
    const balance = await balanceOf(org.orgId);
    expect(rows.at(-1)).toMatchObject({ available_balance: balance.available, held_balance: balance.held });
    // hold, then per order: 100.00 swept (and then paid out of settlement: the provider's own accounts, so no line
    // of 0.00), 777.00 released at its (passed) deadline
    expect(rows.slice(1, -1).map((r) => r.type)).toEqual([
      'batch_hold',
      'settlement_sweep',
      'batch_hold_release',
    ]);
    for (const row of rows.slice(1, -1))
      expect([row.available_change, row.held_change]).not.toEqual(['0.00', '0.00']);
    const total = rows
      .slice(1, -1)
      .reduce((sum, r) => sum.plus(r.available_change!).plus(r.held_change!), new Decimal(0));
    expect(dec('2000').plus(total).toFixed(2)).toBe(dec(balance.total).toFixed(2));
  });
});
