// The support console in a browser: a support user finds an organization, views it read-only with a reason under a
// permanent banner, cannot change anything (buttons disabled, the server refuses a direct POST), and the
// organization's admin then sees the access in Settings.
import { expect, test } from '@playwright/test';
import { screenshot, signIn } from './helpers';

test('support views an organization read-only with a reason, and its admin sees the access', async ({
  browser,
  baseURL,
}) => {
  const reason = `ZD-${Date.now()} why did my payout fail?`;
  const support = await browser.newPage();
  await signIn(support, 'support@provider.example');
  await expect(support).toHaveURL(/\/support$/);

  await support.getByLabel('Organization name or id').fill('globex');
  await support.getByRole('button', { name: 'Search' }).click();
  await support
    .getByRole('link', { name: /Globex/ })
    .first()
    .click();
  await support.getByRole('button', { name: 'View as organization' }).click();
  const dialog = support.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Start view' }).click();
  await expect(dialog.getByText('Give the ticket reference or why you need to look')).toBeVisible();
  await dialog.getByLabel('Reason (ticket reference)').fill(reason);
  await dialog.getByRole('button', { name: 'Start view' }).click();

  const banner = support.getByTestId('support-view-banner');
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toContainText('Globex');
  await expect(banner).toContainText('read-only');
  await expect(banner).toContainText(reason);
  await expect(support.getByTestId('support-view-time-left')).toHaveText(/^(30:00|29:\d\d)$/);
  const deposit = support.getByRole('button', { name: 'Simulate a deposit' });
  await expect(deposit).toBeDisabled();
  await expect(deposit).toHaveAttribute('title', 'Read-only support view: changes are not allowed');
  await screenshot(support, 'support-view-banner');

  const direct = await support.request.post('/api/v2/sandbox/deposits', {
    data: { amount: '100' },
    headers: { origin: new URL(baseURL ?? 'http://127.0.0.1').origin },
  });
  expect(direct.status()).toBe(403);
  expect(await direct.text()).toContain('This is a read-only support view: changes are not allowed');

  await banner.getByRole('button', { name: 'Exit view' }).click();
  await expect(support).toHaveURL(/\/support$/);
  await expect(support.getByTestId('support-view-banner')).toHaveCount(0);

  const admin = await browser.newPage();
  await signIn(admin, 'admin@globex.example', '/settings/access-log');
  const row = admin.getByTestId('access-log-row').filter({ hasText: reason });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Ended by support');
});

test('a client user gets the not-found page at /support', async ({ page }) => {
  await signIn(page, 'member@acme.example');
  const response = await page.goto('/support');
  expect(response?.status()).toBe(404);
});
