// Liquidity in the browser: paging withdrawals with the URL kept, requesting one, and downloading a proof whose SHA-256
// matches what the portal and the API show.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { expect } from '@playwright/test';
import { signIn } from './helpers';
import { test } from './test';

test('withdrawals page to the last page and back, with the page kept in the URL', async ({ page }) => {
  await signIn(page, 'approver@acme.example');
  const api = await page.request.get('/api/v2/liquidity/management/withdrawals?limit=10');
  const { meta } = (await api.json()) as { meta: { total: number } };
  const lastPage = Math.ceil(meta.total / 10);
  expect(lastPage).toBeGreaterThan(2);

  await page.goto('/withdrawals?limit=10');
  const summary = page.getByTestId('pagination-summary');
  await expect(summary).toHaveText(`1–10 of ${meta.total.toLocaleString('en-US')}`);
  await expect(page.getByText(`Page 1 of ${lastPage}`)).toBeVisible();
  await expect(page.getByTestId('withdrawal-row')).toHaveCount(10);

  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${lastPage}(&|$)`));
  await expect(page).toHaveURL(/[?&]limit=10(&|$)/);
  const onLast = meta.total - (lastPage - 1) * 10;
  await expect(summary).toHaveText(`${(lastPage - 1) * 10 + 1}–${meta.total} of ${meta.total}`);
  await expect(page.getByText(`Page ${lastPage} of ${lastPage}`)).toBeVisible();
  await expect(page.getByTestId('withdrawal-row')).toHaveCount(onLast);

  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${lastPage - 1}(&|$)`));
  // The URL is the state: a reload shows the same page.
  await page.reload();
  await expect(page.getByText(`Page ${lastPage - 1} of ${lastPage}`)).toBeVisible();
  // And the browser's Back returns to the last page.
  await page.goBack();
  await expect(page.getByText(`Page ${lastPage} of ${lastPage}`)).toBeVisible();

  await page.getByRole('button', { name: 'First page' }).click();
  await expect(page.getByText(`Page 1 of ${lastPage}`)).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]page=/);

  await page.getByLabel('Status').selectOption('FAILED');
  await expect(page).toHaveURL(/status=FAILED/);
  const failed = (await (
    await page.request.get('/api/v2/liquidity/management/withdrawals?status=FAILED')
  ).json()) as { meta: { total: number } };
  await expect(summary).toContainText(`of ${failed.meta.total}`);
});

test('an approver requests a withdrawal against the available balance and follows it', async ({ page }) => {
  await signIn(page, 'approver@acme.example');
  await page.goto('/withdrawals');
  const before = (await (await page.request.get('/api/v2/funding/balance')).json()) as { available: string };
  await expect(page.getByTestId('withdrawal-available')).toContainText('USDT');

  const wallet = page.getByLabel('To wallet');
  const firstWallet = await wallet.locator('option').nth(1).getAttribute('value');
  await wallet.selectOption(firstWallet!);

  // More than the balance is refused before anything is sent.
  await page.getByLabel('Amount (USDT)').fill('999999999');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'more than the available balance' })).toBeVisible();

  // A whole part ending in 555 takes no automatic custody step: the withdrawal stays SUBMITTED for the checks below.
  await page.getByLabel('Amount (USDT)').fill('555.34');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  // Nothing leaves on one click: the confirmation names the amount, the network and the wallet.
  const confirm = page.getByRole('dialog', { name: 'Send this withdrawal?' });
  await expect(confirm).toContainText('555.34 USDT to');
  await confirm.getByRole('button', { name: 'Withdraw 555.34 USDT' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'submitted' })).toContainText(
    'Withdrawal of 555.34 USDT submitted',
  );
  const after = (await (await page.request.get('/api/v2/funding/balance')).json()) as { available: string };
  expect(Number(before.available) - Number(after.available)).toBeCloseTo(555.34, 6);

  const row = page.getByTestId('withdrawal-row').first();
  await expect(row).toContainText('555.34 USDT');
  // The status in words, as every status badge reads.
  await expect(row).toContainText('Submitted');
  await row.getByRole('button', { name: /Details/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Withdrawal' });
  await expect(drawer).toContainText('555.34 USDT');
  await expect(page).toHaveURL(/withdrawal=/);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
});

test('a proof of settlement downloads, and its SHA-256 is the one shown and served', async ({ page }) => {
  await signIn(page, 'admin@acme.example');
  await page.goto('/proofs');
  const row = page.getByTestId('proof-row').first();
  await expect(row).toBeVisible();
  const shown = (await row.getByTestId('proof-sha256').textContent())!.trim();
  // That proof's row, wherever it is by the click: a proof the sandbox settles meanwhile becomes the first row.
  const shownRow = page
    .getByTestId('proof-row')
    .filter({ has: page.getByTestId('proof-sha256').getByText(shown, { exact: true }) });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    shownRow.getByRole('link', { name: 'Download' }).click(),
  ]);
  const file = await download.path();
  const bytes = fs.readFileSync(file!);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(shown);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
