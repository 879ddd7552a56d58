// Payouts in the portal, as a finance team uses them: build a batch by hand or from a CSV, review its quote,
// confirm it and follow its orders to completion, failure or expiry. Amounts use the sandbox's magic values so every
// order waits for the test's advance (…555) or fails at the bank (…666), whatever SANDBOX_STEP_SECONDS is.
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { formatMoney } from '@/lib/platform/format';
import { expectNoSeriousViolations, screenshot, signIn } from './helpers';
import {
  advance,
  approveAsSecondAdmin,
  beneficiaries,
  beneficiaryNamed,
  confirm,
  createDraft,
  setApprovalPolicy,
} from './payouts-api';
import { test } from './test';

async function choose(page: Page, label: string, text: string) {
  await page.getByLabel(label).fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).click();
}

test.describe.configure({ mode: 'serial' });

test('build a three-order batch by hand, confirm it and follow it to COMPLETED without reloading', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'approver@acme.example');
  await page.goto('/batches/new');
  await expect(page.getByRole('heading', { name: 'New batch' })).toBeVisible();
  await page.getByLabel('Batch reference').fill('e2e-by-hand');

  await choose(page, 'Sender, order 1', 'Acme Trading Ltd');
  await choose(page, 'Beneficiary, order 1', 'Rhein Logistik GmbH');
  const amount1 = page.getByLabel('Amount, order 1');
  await amount1.fill('1555.505');
  await expect(page.getByText('EUR allows at most 2 decimals')).toBeVisible();
  await expect(amount1).toHaveAttribute('aria-invalid', 'true');
  await amount1.fill('1,555.50');
  await expect(page.getByText('EUR allows at most 2 decimals')).toHaveCount(0);
  await expect(page.getByText(/SHA may|less may arrive|full amount/).first()).toBeVisible();

  await page.getByRole('button', { name: 'Add order' }).click();
  await choose(page, 'Beneficiary, order 2', 'Thames Supplies Ltd');
  await page.getByLabel('Amount, order 2').fill('2555.00');
  await page.getByLabel('Fee type, order 2').selectOption('SHA');
  await expect(page.getByText(/receiving bank may deduct its share/)).toBeVisible();

  await page.getByRole('button', { name: 'Duplicate order 2' }).click();
  await choose(page, 'Beneficiary, order 3', 'Hudson Components LLC');
  await page.getByLabel('Amount, order 3').fill('3555.00');
  await page.getByLabel('Purpose, order 3').selectOption('TECH');
  await screenshot(page, 'batch-new-1280');

  await page.getByRole('button', { name: 'Create draft and quote' }).click();
  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Batch e2e-by-hand' })).toBeVisible();
  await expect(page.getByTestId('quote-countdown')).toContainText(/min .* left/);
  await expect(page.getByRole('table', { name: 'Quoted orders' }).getByRole('row')).toHaveCount(4);
  // The rate and margin stay hidden: the page names neither, but says the amount to fund includes the rate and fees.
  await expect(page.getByText(/margin/i)).toHaveCount(0);
  await expect(page.getByText(/rate/i)).toHaveCount(1);
  await expect(page.getByText(/rate/i)).toContainText('includes the provider’s exchange rate and fees.');
  await screenshot(page, 'batch-review-1280');

  await page.getByRole('button', { name: 'Confirm batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm this batch?' });
  const total = (await page.getByTestId('batch-total').innerText()).replace(/\s*USDT$/, '');
  await expect(dialog).toContainText(total);
  await dialog.getByRole('button', { name: /Confirm and hold/ }).click();
  await expect(page.getByText('Batch confirmed').first()).toBeVisible();
  await expect(page.getByText('In progress').first()).toBeVisible();
  const orders = page.getByRole('table', { name: 'Orders and their status' });
  await expect(orders.getByText('Awaiting deposit')).toHaveCount(3);
  await expect(orders.getByText(/left/).first()).toBeVisible();
  await expect(orders.getByText(/until .*(UTC|GMT|[A-Z]{3,4})/).first()).toBeVisible();
  await screenshot(page, 'batch-progress-1280');

  // The sandbox moves the orders outside the page; the page follows by itself.
  const batchId = page.url().split('/').pop()!;
  for (let step = 0; step < 3; step++) await advance(page, batchId);
  await expect(orders.getByText('Completed')).toHaveCount(3, { timeout: 15_000 });
  await expect(page.getByTestId('count-completed')).toHaveText('3');
  await expect(page.getByText('This batch is finished.')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipt for order 1' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await screenshot(page, 'batch-completed-1280');
});

test("the server's refusal lands on the row and field it names, scrolled into view", async ({ page }) => {
  await signIn(page, 'approver@acme.example');
  await page.goto('/batches/new');
  await choose(page, 'Sender, order 1', 'Acme Trading Ltd');
  await choose(page, 'Beneficiary, order 1', 'Rhein Logistik GmbH');
  await page.getByLabel('Amount, order 1').fill('1555.00');
  await page.getByRole('button', { name: 'Duplicate order 1' }).click();
  // 5 EUR passes the form (digits, decimals) but is under the corridor's minimum: only the server knows that.
  const amount2 = page.getByLabel('Amount, order 2');
  await amount2.fill('5.00');
  await page.getByRole('button', { name: 'Create draft and quote' }).click();
  await expect(page.getByText(/must be between 10 and .* EUR/)).toBeVisible();
  await expect(amount2).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Amount, order 1')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(amount2).toBeInViewport();
  await expect(page).toHaveURL(/\/batches\/new$/);
  await screenshot(page, 'batch-new-server-error-1280');
});

test('a 666 order shows why it failed', async ({ page }) => {
  await signIn(page, 'approver@acme.example');
  const draft = await createDraft(page, 'Rhein Logistik GmbH', ['1666.00', '1555.00'], 'e2e-failure');
  await confirm(page, draft.batch.id);
  for (let step = 0; step < 3; step++) await advance(page, draft.batch.id);
  await page.goto(`/batches/${draft.batch.id}`);
  await expect(page.getByText("The beneficiary's bank returned the payment: account closed")).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Orders and their status' }).getByText('Failed'),
  ).toBeVisible();
  await expect(page.getByTestId('count-failed')).toHaveText('1');
  // The failed order's funding went back to the balance, and the page says so beside what was paid out.
  const [failed, paid] = draft.orders.map((order) => formatMoney(order.source_amount, 'USDT'));
  await expect(page.getByTestId('funds-released')).toHaveText(`${failed}`);
  await expect(page.getByTestId('funds-paid')).toHaveText(`${paid}`);
  await expect(page.getByTestId('funds-held')).toHaveText(formatMoney('0', 'USDT'));
});

test('a short balance shows the warning and Confirm is disabled', async ({ page }) => {
  await signIn(page, 'approver@acme.example');
  const draft = await createDraft(page, 'Rhein Logistik GmbH', ['900000.00'], 'e2e-short');
  await page.goto(`/batches/${draft.batch.id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Short by' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fund your balance' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm batch' })).toBeDisabled();
  await expect(page.getByText(/available balance is short by/)).toBeVisible();
  await screenshot(page, 'batch-short-balance-1280');
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard draft' }).click();
  await page.waitForURL(/\/batches$/);
});

test('a member can build a draft but cannot confirm it, and the page says why', async ({ page }) => {
  await signIn(page, 'member@acme.example');
  const draft = await createDraft(page, 'Thames Supplies Ltd', ['500.00'], 'e2e-member');
  await page.goto(`/batches/${draft.batch.id}`);
  await expect(page.getByRole('button', { name: 'Confirm batch' })).toBeDisabled();
  await expect(
    page.getByText('Only approvers and admins can confirm a batch', { exact: false }),
  ).toBeVisible();
});

test('maker-checker: a maker cannot confirm their own batch, and the page says why', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  await setApprovalPolicy(page, true);
  try {
    // Created through the API with this user's session, not by this tab: the page knows the creator from the Batch.
    const draft = await createDraft(page, 'Thames Supplies Ltd', ['800.00'], 'e2e-maker-checker');
    await page.goto(`/batches/${draft.batch.id}`);
    await expect(page.getByTestId('batch-makers')).toContainText('(you)');
    const reason = page.getByText('You are a maker of this batch, so another approver confirms it');
    await expect(reason).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm batch' })).toBeDisabled();
    // A reload is a new page state: the creator is still recognised, before any attempt.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Batch e2e-maker-checker' })).toBeVisible();
    await expect(reason).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm batch' })).toBeDisabled();
    await screenshot(page, 'batch-maker-checker-1280');
  } finally {
    await setApprovalPolicy(page, false);
  }
});

test('CSV import reports the bad row and column, then the fixed file creates the draft', async ({ page }) => {
  await signIn(page, 'approver@acme.example');
  await page.goto('/batches/new');
  const rhein = await beneficiaryNamed(page, 'Rhein Logistik GmbH');
  const notReady = (await beneficiaries(page)).find((b) => b.status !== 'ready');
  if (!notReady) throw new Error('the demo data has a beneficiary that is not ready');
  const thames = await beneficiaryNamed(page, 'Thames Supplies Ltd');
  const csv = (second: string) =>
    [
      'beneficiary_profile_id,beneficiary_amount,fee_type,purpose_code,client_reference',
      `${rhein.id},100.00,OUR,GDSP,csv-1`,
      `${second},200.00,SHA,TECH,csv-2`,
      `${thames.id},300.00,OUR,RENT,csv-3`,
    ].join('\n');
  await page.getByRole('tab', { name: 'Import a CSV file' }).click();
  const upload = (body: string, name: string) =>
    page
      .getByLabel('Upload a batch CSV')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(body) });
  await upload(csv(notReady.id), 'batch.csv');
  await expect(page.getByTestId('csv-accepted')).toHaveText('2 accepted');
  await expect(page.getByTestId('csv-rejected')).toHaveText('1 rejected');
  await expect(page.getByText(/^row 3, beneficiary_profile_id: beneficiary not ready \(/)).toBeVisible();
  // The good rows alone may make the draft; this journey fixes the file instead.
  await expect(page.getByRole('button', { name: 'Create the draft with the 2 good rows' })).toBeEnabled();
  await screenshot(page, 'batch-csv-rejected-1280');

  await upload(csv(rhein.id), 'batch-fixed.csv');
  await expect(page.getByTestId('csv-accepted')).toHaveText('3 accepted');
  await page.getByRole('button', { name: 'Create draft with 3 orders' }).click();
  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('table', { name: 'Quoted orders' }).getByRole('row')).toHaveCount(4);
  // The file is kept with the batch as its audit record, and downloads back as uploaded.
  await expect(page.getByText('Imported from batch-fixed.csv')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('batch-fixed.csv');
  expect(await readFile((await file.path())!, 'utf8')).toBe(csv(rhein.id));
});

test('the batches list keeps its filters in the URL across a reload', async ({ page }) => {
  await signIn(page, 'approver@acme.example');
  await page.goto('/batches');
  await expect(page.getByRole('table', { name: 'Batches' })).toBeVisible();
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Awaiting confirmation' }).click();
  await page.getByLabel('Batch reference').fill('e2e-member');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=AWAITING_CONFIRMATION/);
  await expect(page).toHaveURL(/reference=e2e-member/);
  await expect(page.getByRole('link', { name: 'e2e-member' })).toBeVisible();
  await page.reload();
  // Once hydrated there is one Status filter (a run once caught a second, client-rendered copy mid-hydration).
  await expect(page.getByLabel('Status')).toHaveCount(1);
  await expect(page.getByLabel('Status')).toHaveText(/Awaiting confirmation/);
  await expect(page.getByLabel('Batch reference')).toHaveValue('e2e-member');
  await expect(page.getByRole('table', { name: 'Batches' }).getByRole('row')).toHaveCount(2);
  await screenshot(page, 'batches-list-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'batches-list-390');
});

test('the approval policy: admins change it, members read it', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  await page.goto('/settings/approvals');
  await expect(page.getByTestId('policy-summary')).toContainText('Maker-checker is off');
  await page.getByLabel(/Require a second person/).check();
  await page.getByLabel('Threshold (USDT)').fill('1000000');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByTestId('policy-summary')).toContainText('1,000,000.00');
  await screenshot(page, 'settings-approvals-1280');
  // Back off, so the other tests' confirmations are not blocked: relaxing it waits for Acme's other admin.
  await page.getByLabel(/Require a second person/).uncheck();
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect(
    page.getByText('This relaxes the policy: it waits for another admin’s approval').first(),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('policy-summary')).toContainText('1,000,000.00');
  const waiting = await page.request.get('/api/v2/organizations/me/approval-rules/changes');
  const { items } = (await waiting.json()) as { items: { pending_change_id: string; kind: string }[] };
  await approveAsSecondAdmin(page, items.find((change) => change.kind === 'policy')!.pending_change_id);
  await page.reload();
  await expect(page.getByTestId('policy-summary')).toContainText('Maker-checker is off');
});

test('an approver cancels an order still awaiting its deposit from the batch page', async ({ page }) => {
  await signIn(page, 'approver@acme.example');
  // 1555: the sandbox takes no automatic step, so the order waits for its deposit until cancelled.
  const draft = await createDraft(page, 'Thames Supplies Ltd', ['1555.00', '1555.00'], 'e2e-cancel-order');
  const confirmed = await confirm(page, draft.batch.id);
  await page.goto(`/batches/${draft.batch.id}`);
  const rows = page.getByRole('table', { name: 'Orders and their status' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Awaiting deposit');

  await page.getByRole('button', { name: 'Cancel order 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel order 1?' });
  await expect(dialog).toContainText('returns from held to your available balance');
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();

  await expect(
    page.getByText('Order 1 cancelled; its USDT is available again', { exact: true }),
  ).toBeVisible();
  await expect(rows.nth(1)).toContainText('Cancelled (expired)');
  await expect(page.getByRole('button', { name: 'Cancel order 1' })).toHaveCount(0);
  await expect(rows.nth(2)).toContainText('Awaiting deposit');
  await expect(page.getByTestId('count-failed')).toContainText('1');
  const order = await page.request.get(`/api/v2/orders/${confirmed.orders[0]!.id}`);
  expect(((await order.json()) as { status: string }).status).toBe('CANCELLED_EXPIRED');
});

// Each page loaded once and checked at both widths (resizing shows the phone layout of the same markup): axe at both,
// colour contrast at 1280 (colours do not change with the width), and at 390 nothing wider than the screen.
test('the payouts pages at 1280 and 390 px: no sideways scrolling, no serious accessibility violations', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'approver@acme.example');
  const draft = await createDraft(page, 'Rhein Logistik GmbH', ['1555.00'], 'e2e-pages-draft');
  const running = await createDraft(page, 'Thames Supplies Ltd', ['1666.00', '1555.00'], 'e2e-pages-running');
  await confirm(page, running.batch.id);
  const pages: [string, string, RegExp | string][] = [
    ['/batches', 'batches-list', 'Batches'],
    ['/batches/new', 'batch-new', 'New batch'],
    [`/batches/${draft.batch.id}`, 'batch-review', 'Batch e2e-pages-draft'],
    [`/batches/${running.batch.id}`, 'batch-progress', 'Batch e2e-pages-running'],
    ['/settings/approvals', 'settings-approvals', /Approval/],
  ];
  for (const [path, name, heading] of pages) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(1280);
    await expectNoSeriousViolations(page, `${path} at 1280 px`);
    await screenshot(page, `${name}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, `${path} at 390 px`);
    await screenshot(page, `${name}-390`);
  }
});

test('an expired quote offers Re-quote and shows what changed (last: it moves the sandbox clock)', async ({
  page,
}) => {
  await signIn(page, 'approver@acme.example');
  const draft = await createDraft(page, 'Hudson Components LLC', ['750.00'], 'e2e-expired');
  await page.goto(`/batches/${draft.batch.id}`);
  await expect(page.getByTestId('quote-countdown')).toContainText(/left/);
  await page.request.post('/api/v2/sandbox/clock', {
    headers: { origin: new URL(page.url()).origin, 'idempotency-key': crypto.randomUUID() },
    data: { advance_seconds: 31 * 60 },
  });
  await page.reload();
  await expect(page.getByTestId('quote-countdown')).toContainText('Expired');
  await expect(page.getByRole('button', { name: 'Confirm batch' })).toBeDisabled();
  await expect(page.getByText(/quote has expired/)).toBeVisible();
  await screenshot(page, 'batch-quote-expired-1280');
  await page.getByRole('button', { name: 'Re-quote' }).click();
  await expect(page.getByText('What changed with the new quote')).toBeVisible();
  await expect(page.getByTestId('quote-countdown')).toContainText(/left/);
  await expect(page.getByRole('button', { name: 'Confirm batch' })).toBeEnabled();
});

test('the dashboard shows batches needing action and the payout cards', async ({ page }) => {
  await signIn(page, 'approver@acme.example');
  await expect(page.getByRole('heading', { name: 'Batches needing action' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payouts completed, last 30 days' })).toBeVisible();
  const outcomes = page.getByRole('list', { name: 'Order outcomes' });
  await expect(outcomes.getByRole('link', { name: 'Completed' })).toHaveAttribute('href', /status=COMPLETED/);
  await screenshot(page, 'dashboard-payouts-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/batches/new');
  await screenshot(page, 'batch-new-390');
});
