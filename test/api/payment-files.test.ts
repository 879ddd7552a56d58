// The payouts desk's bank files through the real routes (PAYOUT_RAIL_ADAPTER=operations): a pain.001 built from orders
// to pay (one order in one open file, whatever races), downloaded (a staff read of each organization), marked sent
// (the file's UETRs become tracking references); then the bank's pain.002 built from it — one accepted, one rejected,
// one pending — applied by a second person, exactly once; a camt.054 and a CSV complete the rest. Ledger balanced.
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { paymentFiles, paymentReports } from '@/db/schema/payouts';
import { beneficiaryProfiles } from '@/db/schema/profiles';
import { staffReads } from '@/db/schema/support';
import { sealOptional } from '@/lib/profiles/server/sealed';
import { routeFetch, TEST_BASE_URL } from '../api';
import { browserInit, type SignedIn, sessionCall, sessionFetch, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import {
  confirmedAndFunded,
  type DeskTestOrder,
  expectLedgerSound,
  payoutOrg,
  useDeskAdapters,
} from '../desk-fixtures';
import { callJson, readyBeneficiary } from '../payouts-fixtures';
import { camt054, pain002, readPain001 } from '../support/bank-reports';

await useTestDatabase();

useDeskAdapters();

interface PaymentFile {
  id: string;
  format: string;
  status: string;
  message_id: string;
  transaction_count: number;
  control_sum: string;
  sha256: string;
  order_ids: string[];
}
interface PaymentReport {
  id: string;
  format: string;
  file_id: string | null;
  already_applied: boolean;
  applied: { order_id: string; status: string; outcome: string }[];
  recorded: { order_id: string; status: string }[];
  already_final: { order_id: string; status: string; order_status: string }[];
  unmatched: { reference: string; status: string; reason: string }[];
}

const hex = (id: string) => id.replaceAll('-', '');

function upload(caller: SignedIn, name: string, content: string, type: string): Promise<Response> {
  const form = new FormData();
  form.set('file', new File([content], name, { type }));
  return routeFetch(
    `${TEST_BASE_URL}/api/v2/support/desk/payment-reports`,
    browserInit(caller.cookie, 'POST', form),
  );
}

async function uploadJson<T>(caller: SignedIn, name: string, content: string, type = 'application/xml') {
  const response = await upload(caller, name, content, type);
  return { status: response.status, body: (await response.json()) as T };
}

const order = (org: { client: Parameters<typeof callJson>[0] }, id: string) =>
  callJson<DeskTestOrder>(org.client, 'GET', `/api/v2/orders/${id}`).then((r) => r.body);

/**
 * A new organization's orders of `amounts`, confirmed and funded, in a pain.001 one operator built (the maker); a
 * second operator (the checker) is signed in to apply the bank's answer.
 */
async function builtFile(amounts: string[]) {
  const org = await payoutOrg('5000');
  const ids = (await confirmedAndFunded(org, amounts)).map((o) => o.id);
  const maker = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
  const checker = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
  const built = await sessionCall<PaymentFile>(maker, 'POST', '/api/v2/support/desk/payment-files', {
    order_ids: ids,
  });
  expect(built.status).toBe(201);
  return { org, ids, maker, checker, built };
}

describe('payment files at the payouts desk', () => {
  it('builds a pain.001, sends it, and applies the pain.002, camt.054 and CSV answers exactly once', async () => {
    const org = await payoutOrg('10000');
    const other = await payoutOrg('5000');
    const [accepted, rejected, pending] = await confirmedAndFunded(org, ['100.00', '200.00', '300.50'], {
      clientReference: 'INV-2026',
    });
    const [theirs] = await confirmedAndFunded(other, ['50.25'], { feeType: 'SHA' });

    const maker = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
    const checker = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
    const supportOnly = await signIn({ staffRole: 'support' });
    const lead = await signIn({ staffRole: 'support_lead' });
    const build = (caller: SignedIn, orderIds: string[]) =>
      sessionCall<PaymentFile & { code?: string }>(caller, 'POST', '/api/v2/support/desk/payment-files', {
        order_ids: orderIds,
      });

    // Only operations; and a currency needs its payout account first.
    expect((await build(supportOnly, [accepted!.id])).status).toBe(403);
    const noAccount = await build(maker, [accepted!.id]);
    expect(noAccount.status).toBe(409);
    expect(noAccount.body.code).toBe('payout_account_missing');
    const account = await sessionCall<{ id: string }>(lead, 'POST', '/api/v2/support/payout-accounts', {
      name: 'Provider EUR operating',
      account_number: 'DE44500105175407324931',
      bic: 'INGDDEFFXXX',
      currency: 'EUR',
    });
    expect(account.status).toBe(201);

    // Two operators building at once: one file holds the order, the other gets a clear 409.
    const raced = await Promise.all([build(maker, [theirs!.id]), build(checker, [theirs!.id])]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(raced.find((r) => r.status === 409)!.body.code).toBe('invalid_state');
    const first = raced.find((r) => r.status === 201)!.body;
    expect((await build(maker, [accepted!.id, theirs!.id])).status).toBe(409);
    // Cancelled before it is sent, the order is free again; a cancelled file stays cancelled.
    const cancelled = await sessionCall<PaymentFile>(
      maker,
      'POST',
      `/api/v2/support/desk/payment-files/${first.id}/cancel`,
    );
    expect(cancelled.body.status).toBe('cancelled');
    expect(
      (await sessionCall(maker, 'POST', `/api/v2/support/desk/payment-files/${first.id}/cancel`)).status,
    ).toBe(409);

    const built = await build(maker, [accepted!.id, rejected!.id, pending!.id, theirs!.id, accepted!.id]);
    expect(built.status).toBe(201);
    const file = built.body;
    expect(file).toMatchObject({
      format: 'pain.001.001.09',
      status: 'built',
      message_id: hex(file.id),
      transaction_count: 4,
      control_sum: '650.75',
    });

    // The download is the file as built, and a staff read of both organizations.
    const download = await sessionFetch(
      maker,
      'GET',
      `/api/v2/support/desk/payment-files/${file.id}/content`,
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('application/xml');
    const xml = await download.text();
    expect(createHash('sha256').update(xml).digest('hex')).toBe(file.sha256);
    const reads = await db()
      .select({ orgId: staffReads.orgId, operation: staffReads.operation })
      .from(staffReads)
      .where(
        and(eq(staffReads.staffUserId, maker.userId), inArray(staffReads.orgId, [org.orgId, other.orgId])),
      );
    for (const operation of ['buildPaymentFile', 'downloadPaymentFile'])
      expect([...new Set(reads.filter((r) => r.operation === operation).map((r) => r.orgId))].sort()).toEqual(
        [org.orgId, other.orgId].sort(),
      );

    // Every value stays a string when read back, as the bank reads it.
    const read = readPain001(xml);
    expect(read).toMatchObject({ messageId: hex(file.id), numberOfTransactions: '4', controlSum: '650.75' });
    const uetrs = new Map(read.transactions.map((tx) => [tx.endToEndId, tx.uetr]));
    expect(uetrs.size).toBe(4);
    expect(read.chargeBearers).toEqual(['SLEV']);

    // Marked sent: the orders are in flight with the UETRs the downloaded file already carries.
    const sent = await sessionCall<PaymentFile>(
      maker,
      'POST',
      `/api/v2/support/desk/payment-files/${file.id}/sent`,
    );
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('sent');
    for (const o of [accepted!, rejected!, pending!]) {
      const now = await order(org, o.id);
      expect(now.status).toBe('PAYING_BENEFICIARY');
      expect(now.tracking_reference).toBe(uetrs.get(hex(o.id)));
    }
    expect(
      (await sessionCall(maker, 'POST', `/api/v2/support/desk/payment-files/${file.id}/sent`)).status,
    ).toBe(409);
    const list = await sessionCall<{ data: PaymentFile[] }>(
      checker,
      'GET',
      '/api/v2/support/desk/payment-files',
    );
    expect(list.body.data.map((f) => [f.id, f.status])).toEqual([
      [file.id, 'sent'],
      [first.id, 'cancelled'],
    ]);
    expect(list.body.data[0]!.order_ids.sort()).toEqual(
      [accepted!.id, rejected!.id, pending!.id, theirs!.id].sort(),
    );

    // The bank's pain.002 from the file: one accepted, one rejected, one pending.
    const report = pain002(file.message_id, [
      { endToEndId: hex(accepted!.id), status: 'ACSC', ref: 'BANK-TX-0001' },
      { endToEndId: hex(rejected!.id), status: 'RJCT', reason: 'AC04' },
      { endToEndId: hex(pending!.id), status: 'PDNG' },
    ]);
    // Four eyes: the maker is refused and nothing is stored.
    const own = await uploadJson<{ code: string }>(maker, 'status.xml', report);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('second_person_required');
    expect(await db().select().from(paymentReports)).toHaveLength(0);

    const applied = await uploadJson<PaymentReport>(checker, 'status.xml', report);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({
      format: 'pain.002.001.10',
      file_id: file.id,
      already_applied: false,
    });
    expect(applied.body.applied.map((a) => [a.order_id, a.outcome]).sort()).toEqual(
      [
        [accepted!.id, 'COMPLETED'],
        [rejected!.id, 'FAILED'],
      ].sort(),
    );
    expect(applied.body.recorded).toEqual([{ order_id: pending!.id, status: 'PDNG' }]);
    expect(await order(org, accepted!.id)).toMatchObject({
      status: 'COMPLETED',
      bank_reference: 'BANK-TX-0001',
    });
    expect(await order(org, rejected!.id)).toMatchObject({
      status: 'FAILED',
      failure_message: 'AC04: Closed account number',
    });
    expect((await order(org, pending!.id)).status).toBe('PAYING_BENEFICIARY');

    // The same report again: already applied, nothing changes.
    const again = await uploadJson<PaymentReport>(checker, 'status-again.xml', report);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: applied.body.id, already_applied: true });
    expect(await db().select().from(paymentReports)).toHaveLength(1);

    // camt.054: the pending one booked; an entry for no order and one for an order already final are listed.
    const notification = await uploadJson<PaymentReport>(
      checker,
      'debits.xml',
      camt054([
        { endToEndId: hex(pending!.id), amount: '300.50', ref: 'BANK-TX-0003' },
        { endToEndId: '0'.repeat(32), amount: '1.00', ref: 'BANK-TX-0099' },
        { endToEndId: hex(accepted!.id), amount: '100.00', ref: 'BANK-TX-0001' },
      ]),
    );
    expect(notification.status).toBe(200);
    expect(notification.body.applied).toEqual([
      { order_id: pending!.id, status: 'BOOK', outcome: 'COMPLETED' },
    ]);
    expect(notification.body.unmatched).toEqual([
      { reference: '0'.repeat(32), status: 'BOOK', reason: 'matches no order' },
    ]);
    expect(notification.body.already_final).toEqual([
      { order_id: accepted!.id, status: 'BOOK', order_status: 'COMPLETED' },
    ]);
    expect(await order(org, pending!.id)).toMatchObject({
      status: 'COMPLETED',
      bank_reference: 'BANK-TX-0003',
    });
    const listed = await sessionCall<PaymentReport>(
      checker,
      'GET',
      `/api/v2/support/desk/payment-reports/${notification.body.id}`,
    );
    expect(listed.body.unmatched).toHaveLength(1);

    // The desk's CSV for the other organization's order, with an unknown outcome listed, not guessed. The second row
    // names no order: the same id with another last digit (never the same one, which was a 1-in-16 flake).
    const noOrder = theirs!.id.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
    const csv = await uploadJson<PaymentReport>(
      checker,
      'outcomes.csv',
      `order_id,outcome,bank_reference,reason\r\n${theirs!.id},paid,BANK-CSV-7,\r\n${noOrder},maybe,,\r\n`,
      'text/csv',
    );
    expect(csv.status).toBe(200);
    expect(csv.body.applied).toEqual([{ order_id: theirs!.id, status: 'PAID', outcome: 'COMPLETED' }]);
    expect(csv.body.unmatched).toHaveLength(1);
    expect(await order(other, theirs!.id)).toMatchObject({
      status: 'COMPLETED',
      bank_reference: 'BANK-CSV-7',
    });

    // Isolation: a client's key reaches none of it.
    expect(
      (await callJson(org.client, 'GET', '/api/v2/support/desk/payment-files')).status,
    ).toBeGreaterThanOrEqual(401);
    await expectLedgerSound();
  });

  it('applies a group status to the group’s orders, and keeps a filed order from being sent by hand', async () => {
    const { org, ids, maker, checker, built } = await builtFile(['120.00', '80.00']);
    const desk = await sessionCall<{
      to_pay: { orders: { id: string; payment_file_id: string | null }[] }[];
    }>(maker, 'GET', '/api/v2/support/desk');
    const listed = desk.body.to_pay.flatMap((g) => g.orders).filter((o) => ids.includes(o.id));
    expect(listed.map((o) => o.payment_file_id)).toEqual([built.body.id, built.body.id]);
    // In a built file, an order is sent with the file, not by hand (it would be paid twice).
    const byHand = await sessionCall<{ code: string }>(maker, 'POST', '/api/v2/support/desk/sent', {
      order_ids: [ids[0]],
    });
    expect(byHand.status).toBe(409);
    expect(byHand.body.code).toBe('invalid_state');
    expect(
      (await sessionCall(maker, 'POST', `/api/v2/support/desk/payment-files/${built.body.id}/sent`)).status,
    ).toBe(200);
    const id = built.body.message_id;
    const groupRejected = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt><GrpHdr><MsgId>G-1</MsgId><CreDtTm>2026-11-29T15:00:00Z</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${id}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts><OrgnlPmtInfId>${id}1</OrgnlPmtInfId><PmtInfSts>RJCT</PmtInfSts><StsRsnInf><Rsn><Cd>AM04</Cd></Rsn></StsRsnInf></OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
    const applied = await uploadJson<PaymentReport>(checker, 'group.xml', groupRejected);
    expect(applied.status).toBe(200);
    expect(applied.body.applied.map((a) => a.order_id).sort()).toEqual([...ids].sort());
    for (const orderId of ids)
      expect(await order(org, orderId)).toMatchObject({
        status: 'FAILED',
        failure_message: 'AM04: Insufficient funds',
      });
    await expectLedgerSound();
  });

  it('writes a CSV file for payees without an IBAN, with the same identifiers', async () => {
    const org = await payoutOrg('5000');
    // A Japanese payee paid to a local account number (no IBAN), sealed as the profiles service seals it.
    const profileId = org.beneficiaries.JPY;
    const account = sealOptional('7654321', 'beneficiary_profiles.account_number', profileId);
    await db()
      .update(beneficiaryProfiles)
      .set({ iban: null, ibanLast4: null, accountNumber: account.sealed, accountNumberLast4: account.last4 })
      .where(eq(beneficiaryProfiles.id, profileId));
    const [jpy] = await confirmedAndFunded(org, ['150000'], { currency: 'JPY', feeType: 'SHA' });
    const maker = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
    const lead = await signIn({ staffRole: 'support_lead' });
    await sessionCall(lead, 'POST', '/api/v2/support/payout-accounts', {
      name: 'Provider JPY',
      account_number: '1234567',
      bic: 'MHCBJPJTXXX',
      currency: 'JPY',
    });
    const built = await sessionCall<PaymentFile>(maker, 'POST', '/api/v2/support/desk/payment-files', {
      order_ids: [jpy!.id],
    });
    expect(built.body).toMatchObject({ format: 'csv', control_sum: '150000', transaction_count: 1 });
    const download = await sessionFetch(
      maker,
      'GET',
      `/api/v2/support/desk/payment-files/${built.body.id}/content`,
    );
    expect(download.headers.get('content-type')).toContain('text/csv');
    const [header, line] = (await download.text()).trim().split('\r\n');
    expect(header!.split(',')[0]).toBe('end_to_end_id');
    expect(line!.split(',').slice(0, 5)).toEqual([hex(jpy!.id), expect.any(String), '150000', 'JPY', 'SHAR']);
    expect(line).toContain(',7654321,');
  });

  it('refuses a report it cannot read with a clear envelope, storing nothing', async () => {
    const checker = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
    const before = (await db().select().from(paymentReports)).length;
    for (const [name, content] of [
      ['broken.xml', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>'],
      [
        'other.xml',
        '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"/>',
      ],
      ['columns.csv', 'id,result\r\nx,y\r\n'],
    ] as const) {
      const refused = await uploadJson<{ code: string }>(checker, name, content);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('invalid_report');
    }
    expect(await db().select().from(paymentReports)).toHaveLength(before);
  });

  it('applies a whole-file status (GrpSts) to every order of the file', async () => {
    const { org, ids, maker, checker, built } = await builtFile(['70.00', '30.00']);
    expect(
      (await sessionCall(maker, 'POST', `/api/v2/support/desk/payment-files/${built.body.id}/sent`)).status,
    ).toBe(200);
    // The bank refuses the whole message, before looking at any group or transaction.
    const fileRejected = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt><GrpHdr><MsgId>F-1</MsgId><CreDtTm>2026-11-29T15:00:00Z</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${built.body.message_id}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>RJCT</GrpSts><StsRsnInf><Rsn><Cd>FF01</Cd></Rsn><AddtlInf>Invalid file format</AddtlInf></StsRsnInf></OrgnlGrpInfAndSts></CstmrPmtStsRpt></Document>`;
    const applied = await uploadJson<PaymentReport>(checker, 'file.xml', fileRejected);
    expect(applied.status).toBe(200);
    expect(applied.body.applied.map((a) => a.order_id).sort()).toEqual([...ids].sort());
    for (const orderId of ids) {
      const current = await order(org, orderId);
      expect(current.status).toBe('FAILED');
      expect(current.failure_message).toMatch(/^FF01\b/);
    }
    await expectLedgerSound();
  });

  it('refuses a payee whose name the bank’s Latin character set cannot write, naming the order; nothing is stored', async () => {
    const org = await payoutOrg('5000');
    // A Bulgarian supplier whose name is only in Cyrillic: a file would carry dots where the name should be.
    org.beneficiaries.EUR = await readyBeneficiary(org.orgId, org.senderId, 'EUR', 'Иван Петров');
    const [unwritable] = await confirmedAndFunded(org, ['50.00']);
    const maker = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
    const filesBefore = await db().select().from(paymentFiles);
    const refused = await sessionCall<{
      code: string;
      errors: { field: string; code: string; message: string }[];
    }>(maker, 'POST', '/api/v2/support/desk/payment-files', { order_ids: [unwritable!.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ field: 'order_ids', code: 'invalid_value' });
    expect(refused.body.errors[0]!.message).toContain(`order ${unwritable!.id}`);
    expect(await db().select().from(paymentFiles)).toEqual(filesBefore);
    // It stays at the desk to be paid by hand.
    const desk = await sessionCall<{
      to_pay: { orders: { id: string; payment_file_id: string | null }[] }[];
    }>(maker, 'GET', '/api/v2/support/desk');
    expect(
      desk.body.to_pay.flatMap((group) => group.orders).find((o) => o.id === unwritable!.id),
    ).toMatchObject({
      payment_file_id: null,
    });
  });
});
