// Signing in with a demo login: the header names the person and organization, the balance comes from /api/v2.
import { expect } from '@playwright/test';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../lib/identity/server/demo-logins';
import { formatMoney } from '../lib/platform/format';
import { test } from './test';

const admin = DEMO_LOGINS.find((login) => login.email === 'admin@acme.example')!;

test('a wrong password is refused plainly', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not right' })).toHaveText(
    'The email or password is not right.',
  );
  await expect(page).toHaveURL(/\/login/);
});

test('an admin signs in, sees the funding balance from the API, and signs out', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Sign-in hashes at the OWASP scrypt cost: on a loaded machine it can take several seconds.
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  // next-auth's own endpoints answer with a request id like every other API response.
  expect((await page.request.get('/api/auth/session')).headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByTestId('signed-in-organization').first()).toHaveText('Acme Trading Ltd · admin');
  const available = page.getByTestId('balance-available');
  await expect(available).toHaveText(/^[\d,]+\.\d{2,6} USDT$/, { timeout: 20_000 });

  // The page's numbers are the API's numbers: the same session reads /api/v2 directly.
  const response = await page.request.get('/api/v2/funding/balance');
  expect(response.status()).toBe(200);
  const balance = (await response.json()) as { available: string };
  // Every unit the ledger holds (2 to 6 decimals), as the API and the statement write it.
  await expect(available).toHaveText(formatMoney(balance.available, 'USDT'));

  const cookie = (await page.context().cookies()).find((c) => c.name === 'payout.session-token');
  expect(cookie).toBeDefined();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The server-side session row is revoked: even a copy of the old cookie no longer opens the API.
  const replay = await page.request.get('/api/v2/funding/balance', {
    headers: { cookie: `${cookie!.name}=${cookie!.value}` },
  });
  expect(replay.status()).toBe(401);
});
