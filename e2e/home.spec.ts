// Tests the first things a visitor meets: the portal shell on the home page, and a healthy service behind it.
import { expect, test } from '@playwright/test';

test('the home page shows the navigation and an overview of each area', async ({ page }) => {
  await page.goto('/');

  await expect(page.getByRole('link', { name: 'Payout Portal' })).toBeVisible();
  await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const area of ['Payouts', 'Liquidity', 'Profiles', 'Settings']) {
    await expect(nav.getByRole('link', { name: area })).toHaveAttribute('href', `/${area.toLowerCase()}`);
  }
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'Payouts',
    'Liquidity',
    'Profiles',
    'Settings',
  ]);
});

test('/api/health tells an anonymous caller only that the service is up', async ({ request }) => {
  const response = await request.get('/api/health');

  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});
