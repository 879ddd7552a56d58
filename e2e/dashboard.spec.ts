// The dashboard: a simulated deposit raises the available balance and shows in activity; addresses have QR codes and copy.
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import Papa from 'papaparse';
import { formatMoney } from '../lib/platform/format';
import { dec } from '../lib/platform/money';
import { organizationProducts, screenshot, signIn } from './helpers';
import { test } from './test';

test('a simulated deposit raises the available balance by its amount and appears in recent activity', async ({
  page,
}) => {
  await signIn(page, 'approver@acme.example');
  const available = page.getByTestId('balance-available');
  await expect(available).toHaveText(/USDT$/, { timeout: 20_000 });
  const before = (await page.request.get('/api/v2/funding/balance').then((r) => r.json())) as {
    available: string;
  };

  const deposits: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v2/sandbox/deposits'))
      deposits.push(request.headers()['idempotency-key'] ?? '');
  });
  await page.getByRole('button', { name: 'Simulate a deposit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate a deposit' });
  await dialog.getByLabel('Amount (USDT)').fill('1234.56');
  await dialog.getByRole('button', { name: 'Credit deposit' }).click();

  await expect(page.getByText('Deposit of 1,234.56 USDT credited').first()).toBeVisible();
  const expected = dec(before.available).plus('1234.56').toFixed();
  // Every unit the ledger holds (2 to 6 decimals), as the API and the statement write it.
  await expect(available).toHaveText(formatMoney(expected, 'USDT'));
  expect(deposits).toHaveLength(1);
  expect(deposits[0]).toMatch(/^[0-9a-f-]{36}$/);
  const activity = page.getByRole('list', { name: 'Recent movements' }).getByRole('listitem').first();
  await expect(activity).toContainText('Deposit');
  await expect(activity).toContainText('+1,234.56 USDT');
  await screenshot(page, 'dashboard-1280');
});

test('each funding address has a QR code of itself and a copy button that copies it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'admin@acme.example');
  const { items } = (await page.request.get('/api/v2/funding/addresses').then((r) => r.json())) as {
    items: { chain: string; chain_name: string; address: string }[];
  };
  expect(items.length).toBeGreaterThan(0);
  for (const address of items) {
    const row = page.getByTestId(`funding-address-${address.chain}`);
    await expect(row.getByTestId('address')).toHaveText(address.address);
    const qr = row.getByRole('img', { name: `QR code of the ${address.chain_name} funding address` });
    await expect(qr.locator('svg path').first()).toBeAttached();
    await row.getByRole('button', { name: `Copy the ${address.chain_name} address` }).click();
    await expect(row.getByRole('button', { name: `Copy the ${address.chain_name} address` })).toHaveText(
      'Copied',
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address.address);
  }
});

test('a member sees the balance but not the deposit action (approvers only)', async ({ page }) => {
  await signIn(page, 'member@acme.example');
  await expect(page.getByTestId('balance-available')).toHaveText(/USDT$/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Simulate a deposit' })).toHaveCount(0);
});

test('an API call answered 401 (the session ended) sends the user to sign in', async ({ page, context }) => {
  await signIn(page, 'admin@acme.example', '/settings');
  await expect(organizationProducts(page)).toBeVisible();
  await context.clearCookies();
  // The page is already open: its next API read fails with 401 — the click's, or one the page makes by itself first
  // (the bell's unread count polls), which sends the user to sign in before the click lands. Either way: sign in.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/login/);
});

test('the statement downloads as CSV whose closing balance is its opening balance plus every movement in it', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example');
  const card = page.getByRole('heading', { name: 'Statement', exact: true }).locator('xpath=..');
  await expect(card.getByLabel('Statement from')).not.toHaveValue('');
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('Statement downloaded', { exact: true })).toBeVisible();

  const parsed = Papa.parse<Record<string, string>>(await readFile((await file.path())!, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  const rows = parsed.data;
  const [opening, closing] = [rows[0]!, rows.at(-1)!];
  expect(opening.type).toBe('opening_balance');
  expect(closing.type).toBe('closing_balance');
  // The seeded organization has movements in the last 30 days: the statement is not just its two balance rows.
  expect(rows.length).toBeGreaterThan(2);
  for (const balance of ['available', 'held'] as const) {
    const moved = rows.slice(1, -1).reduce((sum, row) => sum.plus(row[`${balance}_change`]!), dec('0'));
    const expected = dec(opening[`${balance}_balance`]!).plus(moved);
    expect(expected.toFixed()).toBe(dec(closing[`${balance}_balance`]!).toFixed());
  }
});
