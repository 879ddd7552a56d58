// Custody and payouts run by operations (CUSTODY_ADAPTER=manual, PAYOUT_RAIL_ADAPTER=operations) through the real
// routes: a confirmed batch is funded from custody by the production job with no sandbox step; the payouts desk marks
// orders sent (UETR) and a second person records each outcome (paid with the bank's reference, failed with a reason),
// each through the order lifecycle (events, ledger, receipt); the payee's account number is a staff read.
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { staffReads } from '@/db/schema/support';
import { sessionCall, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { confirmedAndFunded, expectLedgerSound, payoutOrg, useDeskAdapters } from '../desk-fixtures';
import { balanceOf, callJson } from '../payouts-fixtures';
import { publicEvents } from '../support/public-events';

await useTestDatabase();

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

useDeskAdapters();

interface Order {
  id: string;
  status: string;
  tracking_reference: string | null;
  bank_reference: string | null;
  failure_message: string | null;
}
interface DeskOrder extends Order {
  org_id: string;
  account_last4: string | null;
  sent_by_user_id: string | null;
  payout_account_id: string | null;
}
interface DeskGroup {
  currency: string;
  payout_account: { id: string; name: string } | null;
  orders: DeskOrder[];
}
interface Desk {
  to_pay: DeskGroup[];
  in_flight: DeskGroup[];
}

const mine = (desk: Desk, key: 'to_pay' | 'in_flight', orgId: string) =>
  desk[key].flatMap((group) => group.orders.filter((order) => order.org_id === orgId));

describe('manual custody', () => {
  it('funds a confirmed batch at once through the production job, with the usual events and no sandbox step', async () => {
    const org = await payoutOrg('5000');
    const [order] = await confirmedAndFunded(org, ['100.00']);
    const now = await callJson<Order>(org.client, 'GET', `/api/v2/orders/${order!.id}`);
    expect(now.body.status).toBe('DEPOSIT_RECEIVED');
    const events = await publicEvents(org.client, { about: [order!.id] });
    expect(events.map((event) => event.type)).toEqual(['order.awaiting_deposit', 'order.deposit_received']);
    // With the operations rail nothing sends it by itself: the sandbox advance leaves it to the desk.
    const advanced = await callJson<Order>(org.client, 'POST', `/api/v2/sandbox/orders/${order!.id}/advance`);
    expect(advanced.body.status).toBe('DEPOSIT_RECEIVED');
    await expectLedgerSound();
  });
});

describe('the payouts desk', () => {
  it('marks orders sent, and a second person records one paid and one failed through the lifecycle', async () => {
    const org = await payoutOrg('5000');
    const other = await payoutOrg('5000');
    const [paid, failed] = await confirmedAndFunded(org, ['100.00', '200.00']);
    await confirmedAndFunded(other, ['300.00']);
    const before = await balanceOf(org.orgId);

    const marker = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
    const checker = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
    const supportOnly = await signIn({ staffRole: 'support' });
    const lead = await signIn({ staffRole: 'support_lead' });

    // Only operations see the desk.
    expect((await sessionCall(supportOnly, 'GET', '/api/v2/support/desk')).status).toBe(403);
    const desk = await sessionCall<Desk>(marker, 'GET', '/api/v2/support/desk');
    expect(desk.status).toBe(200);
    expect(
      mine(desk.body, 'to_pay', org.orgId)
        .map((order) => order.id)
        .sort(),
    ).toEqual([paid!.id, failed!.id].sort());
    expect(mine(desk.body, 'to_pay', org.orgId)[0]!.account_last4).toBe('3000');

    // Marking sent needs the currency's payout account, which a support lead adds (operations may not).
    const refused = await sessionCall<{ code: string }>(marker, 'POST', '/api/v2/support/desk/sent', {
      order_ids: [paid!.id, failed!.id],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('payout_account_missing');
    const account = {
      name: 'Main EUR',
      account_number: 'DE44 5001 0517 5407 3249 31',
      bic: 'inghdeffxxx',
      currency: 'EUR',
    };
    expect((await sessionCall(marker, 'POST', '/api/v2/support/payout-accounts', account)).status).toBe(403);
    const created = await sessionCall<{ id: string; account_number: string; bic: string }>(
      lead,
      'POST',
      '/api/v2/support/payout-accounts',
      account,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ account_number: 'DE44500105175407324931', bic: 'INGHDEFFXXX' });
    const grouped = await sessionCall<Desk>(marker, 'GET', '/api/v2/support/desk');
    const eur = grouped.body.to_pay.find((group) => group.currency === 'EUR')!;
    expect(eur.payout_account?.id).toBe(created.body.id);

    const sent = await sessionCall<{ data: DeskOrder[] }>(marker, 'POST', '/api/v2/support/desk/sent', {
      order_ids: [paid!.id, failed!.id],
    });
    expect(sent.status).toBe(200);
    for (const order of sent.body.data) {
      expect(order.status).toBe('PAYING_BENEFICIARY');
      expect(order.tracking_reference).toMatch(UUID_V4);
      expect(order.sent_by_user_id).toBe(marker.userId);
      expect(order.payout_account_id).toBe(created.body.id);
    }
    // Sending again is a conflict, nothing changes.
    const again = await sessionCall<{ code: string }>(marker, 'POST', '/api/v2/support/desk/sent', {
      order_ids: [paid!.id],
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invalid_state');

    // Four eyes: the marker cannot record an outcome; a support person without operations is refused outright.
    const own = await sessionCall<{ code: string }>(
      marker,
      'POST',
      `/api/v2/support/desk/orders/${paid!.id}/outcome`,
      {
        outcome: 'paid',
        bank_reference: 'BANKREF-1',
      },
    );
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('second_person_required');
    expect(
      (
        await sessionCall(supportOnly, 'POST', `/api/v2/support/desk/orders/${paid!.id}/outcome`, {
          outcome: 'paid',
          bank_reference: 'BANKREF-1',
        })
      ).status,
    ).toBe(403);

    // Paid needs the bank's reference: refused with the field named, nothing recorded.
    const noReference = await sessionCall<{ errors: { field: string }[] }>(
      checker,
      'POST',
      `/api/v2/support/desk/orders/${paid!.id}/outcome`,
      { outcome: 'paid' },
    );
    expect(noReference.status).toBe(422);
    expect(noReference.body.errors.map((error) => error.field)).toEqual(['bank_reference']);
    const completed = await sessionCall<DeskOrder>(
      checker,
      'POST',
      `/api/v2/support/desk/orders/${paid!.id}/outcome`,
      {
        outcome: 'paid',
        bank_reference: 'BANKREF-20261129-1',
      },
    );
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ status: 'COMPLETED', bank_reference: 'BANKREF-20261129-1' });
    const returned = await sessionCall<DeskOrder>(
      checker,
      'POST',
      `/api/v2/support/desk/orders/${failed!.id}/outcome`,
      {
        outcome: 'failed',
        reason: "The beneficiary's bank returned the payment: account closed",
      },
    );
    expect(returned.status).toBe(200);
    expect(returned.body.status).toBe('FAILED');
    const twice = await sessionCall<{ code: string }>(
      checker,
      'POST',
      `/api/v2/support/desk/orders/${paid!.id}/outcome`,
      {
        outcome: 'failed',
        reason: 'late',
      },
    );
    expect(twice.status).toBe(409);

    // What the client sees: the orders, the events (webhook payloads), the receipt, the balance.
    const clientPaid = (await callJson<Order>(org.client, 'GET', `/api/v2/orders/${paid!.id}`)).body;
    expect(clientPaid).toMatchObject({ status: 'COMPLETED', bank_reference: 'BANKREF-20261129-1' });
    const clientFailed = (await callJson<Order>(org.client, 'GET', `/api/v2/orders/${failed!.id}`)).body;
    expect(clientFailed).toMatchObject({
      status: 'FAILED',
      failure_message: "The beneficiary's bank returned the payment: account closed",
      bank_reference: null,
    });
    const events = await publicEvents<Order>(org.client, { about: [paid!.id] });
    expect(events.map((event) => event.type)).toEqual([
      'order.awaiting_deposit',
      'order.deposit_received',
      'order.paying_beneficiary',
      'order.completed',
    ]);
    expect(events.at(-1)!.data.object.bank_reference).toBe('BANKREF-20261129-1');
    const receipt = await org.client.send('GET', `/api/v2/orders/${paid!.id}/receipt`);
    expect(receipt.status).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(await receipt.arrayBuffer()));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('BANKREF-20261129-1');
    expect(text).toContain(clientPaid.tracking_reference!);
    // The failed order's funds came back to available; the paid one's left.
    const after = await balanceOf(org.orgId);
    expect(Number(after.held)).toBe(0);
    expect(Number(after.available)).toBeGreaterThan(Number(before.available));
    await expectLedgerSound();

    // The other organization's order was never touched, and an organization never sees another's.
    const untouched = mine(
      (await sessionCall<Desk>(checker, 'GET', '/api/v2/support/desk')).body,
      'to_pay',
      other.orgId,
    );
    expect(untouched).toHaveLength(1);
    expect((await callJson(other.client, 'GET', `/api/v2/orders/${paid!.id}`)).status).toBe(404);
  });

  it("reads a payee's account number as a staff read, scoped to the order's organization", async () => {
    const org = await payoutOrg('5000');
    const other = await payoutOrg('10');
    const [order] = await confirmedAndFunded(org, ['100.00']);
    const operator = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
    const payee = await sessionCall<{ iban: string; beneficiary_name: string }>(
      operator,
      'GET',
      `/api/v2/support/organizations/${org.orgId}/orders/${order!.id}/payee`,
    );
    expect(payee.status).toBe(200);
    expect(payee.body).toMatchObject({
      iban: 'DE89370400440532013000',
      beneficiary_name: 'EUR Supplier Ltd',
    });
    const reads = await db()
      .select()
      .from(staffReads)
      .where(and(eq(staffReads.orgId, org.orgId), eq(staffReads.staffUserId, operator.userId)));
    expect(reads.map((read) => read.operation)).toEqual(['getDeskPayee']);
    // The order under another organization's id is not found (and not read).
    expect(
      (
        await sessionCall(
          operator,
          'GET',
          `/api/v2/support/organizations/${other.orgId}/orders/${order!.id}/payee`,
        )
      ).status,
    ).toBe(404);
    const supportOnly = await signIn({ staffRole: 'support' });
    expect(
      (
        await sessionCall(
          supportOnly,
          'GET',
          `/api/v2/support/organizations/${org.orgId}/orders/${order!.id}/payee`,
        )
      ).status,
    ).toBe(403);
  });

  it("lists the desk as one staff read per organization on it, so each one's access log shows its payees were listed", async () => {
    const org = await payoutOrg('5000');
    await confirmedAndFunded(org, ['100.00']);
    const operator = await signIn({ staffRole: 'operations' });
    expect((await sessionCall(operator, 'GET', '/api/v2/support/desk')).status).toBe(200);
    const reads = await db()
      .select()
      .from(staffReads)
      .where(and(eq(staffReads.orgId, org.orgId), eq(staffReads.staffUserId, operator.userId)));
    expect(reads.map((read) => [read.operation, read.resource])).toEqual([
      ['getPayoutsDesk', 'payouts-desk'],
    ]);
  });
});
