// Going live's journey in a browser, on the sandbox with the production adapters (#40 §7): staff onboarding by email,
// a compliance review with a question to the client, and the payouts desk run by operations with four eyes — each
// person signed in once, in their own window: staff at a laptop's 1280 px, the new colleague and the client on a
// 390 px phone. What nobody looks at on a page here (creating the beneficiary and the draft batch, the deposit, for
// which the console has no form) goes through the same /api/v2 with the person's own session.
import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { expectNoSeriousViolations, expectTablesReadable, signIn } from '../helpers';
import { linkIn, waitForEmail } from '../mail';
import { apiPost, type BatchWithOrders, createDraft } from '../payouts-api';
import { test } from '../test';
import { submitNewPayee } from './client-payee';
import { getJson, LAPTOP, openConsolePage, openWindow, PHONE } from './console';

test('a lead onboards an operator by email, a review asks the client a question, and the desk pays with four eyes', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = randomBytes(3).toString('hex');

  // — Staff onboarding —
  const lead = await openWindow(browser, LAPTOP);
  const newcomer = { name: `Olga Ops ${stamp}`, email: `olga.${stamp}@provider.example` };
  await test.step('the lead invites an operations colleague by email', async () => {
    await signIn(lead, 'lead@provider.example', '/support');
    await openConsolePage(lead, 'Staff');
    await lead.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = lead.getByRole('dialog', { name: 'Invite a staff member' });
    await dialog.getByLabel('Name').fill(newcomer.name);
    await dialog.getByLabel('Email').fill(newcomer.email);
    await dialog.getByRole('checkbox', { name: 'support', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'operations' }).click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(lead.getByText(`Invitation sent to ${newcomer.email}`, { exact: true })).toBeVisible();
    await expect(lead.getByRole('list', { name: 'Staff' })).toContainText(newcomer.name);
  });

  const operator = await openWindow(browser, PHONE);
  await test.step('the emailed link sets her password, signs her in, and she sees the desk', async () => {
    const email = await waitForEmail(newcomer.email, /support console account/);
    expect(email.text).toContain(`Hello ${newcomer.name},`);
    expect(email.text).toContain('operations');
    await operator.goto(linkIn(email, 'Choose your password'));
    await expect(operator.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    const password = `Olga-${stamp}-passphrase`;
    await operator.getByLabel('New password', { exact: true }).fill(password);
    await operator.getByLabel('Repeat the new password').fill(password);
    await operator.getByRole('button', { name: 'Set the new password' }).click();
    await operator.waitForURL(/\/support/);
    await openConsolePage(operator, 'Payouts desk');
    await expectNoSeriousViolations(operator, 'the payouts desk at 390 px', { afterLoading: true });
  });

  await test.step('the lead adds the EUR account the desk pays from', async () => {
    const nav = lead.getByRole('navigation', { name: 'Support console' });
    // Seven pages in a lead's header at 1280 px, every one on screen.
    for (const link of await nav.getByRole('link').all()) {
      const box = await link.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(LAPTOP.width);
    }
    await openConsolePage(lead, 'Payout accounts');
    await lead.getByRole('button', { name: 'Add account' }).click();
    const dialog = lead.getByRole('dialog', { name: 'Add a payout account' });
    await dialog.getByLabel('Name').fill(`EUR operating ${stamp}`);
    await dialog.getByLabel('Account number or IBAN').fill('DE02 1203 0000 0000 2020 51');
    await dialog.getByLabel('BIC').fill('byladem1001');
    await dialog.getByLabel('Currency').fill('eur');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(lead.getByText(`EUR operating ${stamp} added`, { exact: true })).toBeVisible();
    const row = lead
      .getByRole('list', { name: 'Payout accounts' })
      .getByRole('listitem')
      .filter({ hasText: `EUR operating ${stamp}` });
    await expect(row).toContainText('DE02120300000000202051 · BYLADEM1001');
    await expect(row).toContainText('active');
    await expectNoSeriousViolations(lead, 'the payout accounts page', { afterLoading: true });
    // On a phone the long IBAN wraps inside its row: nothing wider than the screen.
    await lead.setViewportSize(PHONE);
    await expect(row).toBeVisible();
    expect(await lead.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await lead.setViewportSize(LAPTOP);
  });

  // — The review —
  const client = await openWindow(browser, PHONE);
  const payee = `Havel Spedition ${stamp} GmbH`;
  let payeeId = '';
  await test.step("the client's new beneficiary waits for staff in the review queue", async () => {
    payeeId = await submitNewPayee(client, payee);
  });

  const reviewer = await openWindow(browser, LAPTOP);
  const question = `Is ${payee} the same company as your supplier Havel Logistik? Please confirm its bank.`;
  await test.step('a reviewer asks for more information', async () => {
    await signIn(reviewer, 'support@provider.example', '/support/reviews?kind=beneficiary&limit=100');
    const row = reviewer.getByTestId('review-row').filter({ hasText: payee });
    // Manual review: nothing decides it, it simply waits for a person.
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.getByRole('link', { name: payee }).click();
    await expect(reviewer.getByRole('heading', { name: payee })).toBeVisible();
    await reviewer.getByRole('button', { name: 'Ask for information' }).click();
    const dialog = reviewer.getByRole('dialog', { name: `Ask for information about ${payee}` });
    await dialog.getByLabel('Question to the client').fill(question);
    await dialog.getByRole('button', { name: 'Send question' }).click();
    await expect(reviewer.getByTestId('review-outcome')).toHaveText(
      'Waiting for the client to answer and submit again',
    );
  });

  await test.step('the client reads the question, edits the details and submits again', async () => {
    await client.goto(`/beneficiaries/${payeeId}`);
    await expect(client.getByTestId('requested-question')).toHaveText(question, { timeout: 20_000 });
    await client.getByRole('link', { name: 'Edit details' }).click();
    await client.getByLabel('Bank name').fill('Commerzbank AG, Filiale Potsdam');
    await client.getByRole('button', { name: 'Save changes' }).click();
    await expect(client.getByTestId('requested-question')).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousViolations(client, 'a beneficiary with a question, at 390 px');
    await client.getByRole('button', { name: 'Submit again' }).click();
    await expect(client.getByTestId('requested-question')).toHaveCount(0, { timeout: 20_000 });
  });

  await test.step('another reviewer approves', async () => {
    await lead.goto(`/support/reviews/beneficiary/${payeeId}`);
    await expect(lead.getByRole('heading', { name: payee })).toBeVisible({ timeout: 20_000 });
    await expect(lead.getByText('Commerzbank AG, Filiale Potsdam')).toBeVisible();
    await lead.getByRole('button', { name: 'Approve' }).click();
    const dialog = lead.getByRole('dialog', { name: `Approve ${payee}` });
    await dialog.getByLabel('Why the hit is cleared').fill('The client confirmed the company and its bank.');
    await dialog.getByRole('button', { name: 'Approve profile' }).click();
    await expect(lead.getByTestId('review-outcome')).toContainText('Decided by staff');
    await client.reload();
    await expect(client.getByText('Ready: it can be used in payouts.')).toBeVisible({ timeout: 20_000 });
  });

  // — The desk —
  const treasury = await openWindow(browser, LAPTOP);
  await test.step('treasury publishes a rate sheet (operations has no such page)', async () => {
    await expect(
      operator.getByRole('navigation', { name: 'Support console' }).getByRole('link', { name: 'Rates' }),
    ).toHaveCount(0);
    await signIn(treasury, 'treasury@provider.example', '/support/rates');
    await expect(treasury.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await treasury.getByLabel('Rates (units per USDT)').fill('EUR 0.9231\nGBP 0.7874\nUSD 1.0000');
    await treasury.getByRole('button', { name: 'Publish rate sheet' }).click();
    await expect(treasury.getByText('Rate sheet published', { exact: true })).toBeVisible();
    await expect(treasury.getByText('In force').first()).toBeVisible();
  });

  const recorder = await openWindow(browser, LAPTOP);
  const checker = await openWindow(browser, LAPTOP);
  await test.step('operations records a deposit and another operator confirms it', async () => {
    const org = await getJson<{ id: string }>(client, '/api/v2/organizations/me');
    const { items } = await getJson<{ items: { chain: string }[] }>(client, '/api/v2/funding/addresses');
    const chain = items[0]?.chain;
    expect(chain, 'Acme has a deposit address').toBeTruthy();
    const hash = `${chain === 'tron' ? '' : '0x'}${randomBytes(32).toString('hex')}`;
    await signIn(recorder, 'operations@provider.example', '/support/desk');
    const recorded = await apiPost<{ id: string; status: string }>(recorder, '/api/v2/support/deposits', {
      org_id: org.id,
      chain,
      amount: '25000',
      transaction_hash: hash,
    });
    expect(recorded.status).toBe('recorded');
    await signIn(checker, 'payments@provider.example', '/support/desk');
    const confirmed = await apiPost<{ status: string }>(
      checker,
      `/api/v2/support/deposits/${recorded.id}/confirm`,
    );
    expect(confirmed.status).toBe('confirmed');
  });

  let batch: BatchWithOrders | undefined;
  await test.step('the client confirms a batch of two orders; custody funds them at once', async () => {
    batch = await createDraft(client, payee, ['1200.00', '800.00'], `go-live-${stamp}`);
    await client.goto(`/batches/${batch.batch.id}`);
    await client.getByRole('button', { name: 'Confirm batch' }).click();
    await client
      .getByRole('dialog', { name: 'Confirm this batch?' })
      .getByRole('button', { name: /Confirm and hold/ })
      .click();
    const orders = client.getByRole('table', { name: 'Orders and their status' });
    await expect(orders.getByText('Deposit received')).toHaveCount(2, { timeout: 30_000 });
  });

  await test.step('one operator marks the orders sent, another records one paid and one failed', async () => {
    const [paid, failed] = batch!.orders;
    await operator.reload();
    for (const order of [paid!, failed!]) {
      await operator.getByRole('checkbox', { name: `Choose order ${order.id}` }).check();
    }
    await operator.getByRole('button', { name: 'Mark 2 sent' }).click();
    await expect(operator.getByText('2 orders marked sent', { exact: true })).toBeVisible();
    await expect(operator.getByText('You marked it sent: someone else records its outcome.')).toHaveCount(2);

    await recorder.reload();
    await expect(recorder.getByRole('heading', { level: 1, name: 'Payouts desk' })).toBeVisible();
    await recorder.getByLabel(`Bank reference of order ${paid!.id}`).fill(`BANK-${stamp}-1`);
    await recorder
      .getByRole('row')
      .filter({ has: recorder.getByLabel(`Bank reference of order ${paid!.id}`) })
      .getByRole('button', { name: 'Paid' })
      .click();
    await expect(recorder.getByText('Recorded as paid', { exact: true })).toBeVisible();
    await recorder.getByLabel(`Failure reason of order ${failed!.id}`).fill('Account closed at the bank');
    await recorder
      .getByRole('row')
      .filter({ has: recorder.getByLabel(`Failure reason of order ${failed!.id}`) })
      .getByRole('button', { name: 'Failed' })
      .click();
    await expect(recorder.getByText('Recorded as failed', { exact: true })).toBeVisible();
    await expectTablesReadable(recorder, 'the payouts desk at 1280 px');
  });

  await test.step('the client sees one order COMPLETED and one FAILED, with the reason', async () => {
    await client.reload();
    const orders = client.getByRole('table', { name: 'Orders and their status' });
    await expect(orders.getByText('Completed')).toHaveCount(1, { timeout: 30_000 });
    await expect(orders.getByText('Failed')).toHaveCount(1);
    await expect(client.getByText('Account closed at the bank')).toBeVisible();
    await expect(client.getByTestId('count-completed')).toHaveText('1');
    await expect(client.getByTestId('count-failed')).toHaveText('1');
    await expectTablesReadable(client, 'the finished batch at 390 px');
  });
});
