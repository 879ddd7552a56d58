// The desk's bank files in a browser, on the sandbox with the production adapters (#41, PAYOUT_RAIL_ADAPTER=operations):
// one operator at a laptop's 1280 px chooses orders, builds a pain.001, downloads it (the file the bank gets) and marks
// it sent; a second operator on a 390 px phone uploads the bank's pain.002 written from that download and reads what
// it did — applied, unmatched — then the same report again (already applied) and a camt.054 for an order already
// final. The key screens are checked at the other width too. What no page offers (the payee's review, the rate sheet,
// the deposit, the payout account, the client's batch) goes through the same /api/v2 with each person's own session.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { camt054, pain002, readPain001 } from '../../test/support/bank-reports';
import { expectNoSeriousViolations, expectTablesReadable, signIn } from '../helpers';
import { apiPost, type BatchWithOrders, confirm, createDraft } from '../payouts-api';
import { test } from '../test';
import { submitNewPayee } from './client-payee';
import { getJson, LAPTOP, openWindow, PHONE } from './console';

interface PaymentFile {
  id: string;
  filename: string;
  format: string;
  message_id: string;
  sha256: string;
  order_ids: string[];
}

const hex = (id: string) => id.replaceAll('-', '');

/** Chooses `content` as the bank's report in the desk's upload and sends it. */
async function uploadReport(page: Page, name: string, content: string) {
  await page
    .getByLabel('Bank report (pain.002, camt.054 or CSV)')
    .setInputFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(content) });
  await page.getByRole('button', { name: 'Upload report' }).click();
}

test('one operator builds, downloads and sends a pain.001; another applies the bank’s pain.002 once', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = randomBytes(3).toString('hex');

  const lead = await openWindow(browser, LAPTOP);
  const client = await openWindow(browser, PHONE);
  const maker = await openWindow(browser, LAPTOP);
  const checker = await openWindow(browser, PHONE);
  const payee = `Elbe Handel ${stamp} GmbH`;
  let batch: BatchWithOrders | undefined;
  await test.step('a ready EUR payee, a rate sheet, a funded balance and the account the desk pays from', async () => {
    await signIn(lead, 'lead@provider.example', '/support');
    await apiPost(lead, '/api/v2/support/payout-accounts', {
      name: `EUR files ${stamp}`,
      account_number: 'DE02 1203 0000 0000 2020 51',
      bic: 'BYLADEM1001',
      currency: 'EUR',
    });
    // Only treasury publishes rates.
    const treasury = await openWindow(browser, LAPTOP);
    await signIn(treasury, 'treasury@provider.example', '/support');
    await apiPost(treasury, '/api/v2/support/rates/sheets', {
      valid_until: new Date(Date.now() + 3_600_000).toISOString(),
      rates: [{ currency: 'EUR', units_per_usdt: '0.9231' }],
    });

    const payeeId = await submitNewPayee(client, payee);
    // Manual review: the job puts it in the queue, a person approves it.
    await expect
      .poll(
        async () => (await getJson<{ status: string }>(client, `/api/v2/beneficiaries/${payeeId}`)).status,
        {
          timeout: 20_000,
        },
      )
      .toBe('in_review');
    await apiPost(lead, `/api/v2/support/reviews/beneficiary/${payeeId}/decision`, {
      decision: 'approve',
      reason: 'Name screened, no match.',
    });

    await signIn(maker, 'operations@provider.example', '/support/desk');
    await signIn(checker, 'payments@provider.example', '/support/desk');
    const org = await getJson<{ id: string }>(client, '/api/v2/organizations/me');
    const { items } = await getJson<{ items: { chain: string }[] }>(client, '/api/v2/funding/addresses');
    const chain = items[0]!.chain;
    const deposit = await apiPost<{ id: string }>(maker, '/api/v2/support/deposits', {
      org_id: org.id,
      chain,
      amount: '5000',
      transaction_hash: `${chain === 'tron' ? '' : '0x'}${randomBytes(32).toString('hex')}`,
    });
    await apiPost(checker, `/api/v2/support/deposits/${deposit.id}/confirm`);

    batch = await createDraft(client, payee, ['1500.00', '700.00'], `files-${stamp}`);
    await confirm(client, batch.batch.id);
    await expect
      .poll(
        async () =>
          (await getJson<BatchWithOrders>(client, `/api/v2/payouts/${batch!.batch.id}`)).orders.map(
            (order) => order.status,
          ),
        { timeout: 30_000 },
      )
      .toEqual(['DEPOSIT_RECEIVED', 'DEPOSIT_RECEIVED']);
  });

  const [paid, rejected] = batch!.orders;
  let file: PaymentFile | undefined;
  let xml = '';
  await test.step('the first operator chooses the orders and builds a payment file', async () => {
    await maker.reload();
    await expect(maker.getByRole('heading', { level: 1, name: 'Payouts desk' })).toBeVisible();
    for (const order of [paid!, rejected!]) {
      await maker.getByRole('checkbox', { name: `Choose order ${order.id}` }).check();
    }
    // Each currency's card has its own button; only the one with chosen orders can build.
    await maker.getByRole('button', { name: 'Build payment file' }).and(maker.locator(':enabled')).click();
    await expect(maker.getByText('Payment file built: 2 transactions', { exact: true })).toBeVisible();
    const files = await getJson<{ data: PaymentFile[] }>(maker, '/api/v2/support/desk/payment-files');
    file = files.data.find((candidate) => candidate.order_ids.includes(paid!.id));
    expect(file).toMatchObject({ format: 'pain.001.001.09' });
    // Filed orders can no longer be chosen (for another file, or to be marked sent by hand).
    await expect(maker.getByRole('checkbox', { name: `Choose order ${paid!.id}` })).toHaveCount(0);
  });

  const fileRow = () =>
    maker.getByRole('table', { name: 'Payment files' }).getByRole('row').filter({ hasText: file!.filename });
  await test.step('she downloads the file: the bytes as built, every order’s EndToEndId in it', async () => {
    const [download] = await Promise.all([
      maker.waitForEvent('download'),
      fileRow().getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(file!.filename);
    xml = await fs.readFile(await download.path(), 'utf8');
    expect(createHash('sha256').update(xml).digest('hex')).toBe(file!.sha256);
    const pain001 = readPain001(xml);
    expect(pain001).toMatchObject({
      messageId: file!.message_id,
      numberOfTransactions: '2',
      controlSum: '2200.00',
    });
    expect(pain001.transactions.map((tx) => tx.endToEndId).sort()).toEqual(
      [hex(paid!.id), hex(rejected!.id)].sort(),
    );
  });

  await test.step('she marks it sent: its orders are in flight, and their outcomes are for someone else', async () => {
    await fileRow().getByRole('button', { name: 'Mark sent' }).click();
    await expect(
      maker.getByText('File marked sent: its orders are in flight', { exact: true }),
    ).toBeVisible();
    await expect(fileRow()).toContainText('sent');
    await expect(fileRow()).toContainText('built by you: someone else applies its report');
    await expect(fileRow().getByRole('button', { name: 'Mark sent' })).toHaveCount(0);
    await expectNoSeriousViolations(maker, 'the desk with a sent payment file at 1280 px', {
      afterLoading: true,
    });
    await expectTablesReadable(maker, 'the desk with a sent payment file at 1280 px');
  });

  const uetrs = new Map(readPain001(xml).transactions.map((tx) => [tx.endToEndId, tx.uetr]));
  const unknown = randomBytes(16).toString('hex');
  const report = pain002(file!.message_id, [
    { endToEndId: hex(paid!.id), status: 'ACSC', ref: `BANK-${stamp}-1` },
    { endToEndId: hex(rejected!.id), status: 'RJCT', reason: 'AC04' },
    { endToEndId: unknown, status: 'ACSC', ref: `BANK-${stamp}-9` },
  ]);
  await test.step('a second operator, on her phone, uploads the bank’s pain.002 and reads what it did', async () => {
    await checker.reload();
    await expect(checker.getByRole('heading', { level: 1, name: 'Payouts desk' })).toBeVisible();
    await uploadReport(checker, 'pain002.xml', report);
    const result = checker.getByRole('region', { name: 'Report result' });
    await expect(result).toContainText(
      '2 applied, 0 recorded without a change, 0 already final, 1 unmatched.',
    );
    // The entry for no order is listed, never guessed.
    await expect(result.getByRole('list', { name: 'Unmatched entries' })).toContainText(
      `${unknown} ACSC: matches no order`,
    );
    await expectNoSeriousViolations(checker, 'a report applied at 390 px', { afterLoading: true });
    await expectTablesReadable(checker, 'the desk after a report at 390 px');
  });

  await test.step('the same report again is already applied; a camt.054 for a paid order is already final', async () => {
    await uploadReport(checker, 'pain002 (1).xml', report);
    const result = checker.getByRole('region', { name: 'Report result' });
    await expect(result).toContainText('This report was already applied: nothing changed.');
    await uploadReport(
      checker,
      'camt054.xml',
      camt054([{ endToEndId: hex(paid!.id), amount: '1500.00', ref: `BANK-${stamp}-1` }]),
    );
    await expect(result).toContainText(
      '0 applied, 0 recorded without a change, 1 already final, 0 unmatched.',
    );
    await expect(result.getByRole('list', { name: 'Already final' })).toContainText(
      `${paid!.id}: BOOK (the order is COMPLETED)`,
    );
  });

  await test.step('the client sees one order completed with the file’s UETR and one failed with the bank’s reason', async () => {
    const seen = await getJson<{
      orders: { id: string; status: string; tracking_reference: string | null }[];
    }>(client, `/api/v2/payouts/${batch!.batch.id}`);
    expect(seen.orders.map((order) => [order.id, order.status, order.tracking_reference]).sort()).toEqual(
      [
        [paid!.id, 'COMPLETED', uetrs.get(hex(paid!.id))],
        [rejected!.id, 'FAILED', uetrs.get(hex(rejected!.id))],
      ].sort(),
    );
    await client.goto(`/batches/${batch!.batch.id}`);
    const orders = client.getByRole('table', { name: 'Orders and their status' });
    await expect(orders.getByText('Completed')).toHaveCount(1, { timeout: 30_000 });
    await expect(orders.getByText('Failed')).toHaveCount(1);
    await expect(client.getByText('AC04: Closed account number')).toBeVisible();
  });

  await test.step('the key screens at the other width: the files on a phone, the report on a laptop', async () => {
    await maker.setViewportSize(PHONE);
    await expect(fileRow()).toBeVisible();
    await expectTablesReadable(maker, 'the payment files at 390 px');
    await checker.setViewportSize(LAPTOP);
    await expect(checker.getByRole('region', { name: 'Report result' })).toBeVisible();
    await expectTablesReadable(checker, 'the desk after a report at 1280 px');
    await expectNoSeriousViolations(checker, 'a report applied at 1280 px', { contrast: false });
  });
});
