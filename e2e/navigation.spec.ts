// The portal's navigation: only pages that exist, only products the organization is entitled to, the current one marked.
import { expect } from '@playwright/test';
import { visibleNavigation } from '../components/layout/navigation';
import { DEMO_ORGANIZATIONS } from '../lib/identity/server/demo-logins';
import { organizationProducts, screenshot, signIn } from './helpers';
import { test } from './test';

const main = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main' });

test('Acme (every product) sees each ready area, the current one marked, and no link leads to a 404', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example');
  const expected = visibleNavigation(DEMO_ORGANIZATIONS.acme.entitlements, { sandbox: true });
  await expect(main(page).getByRole('link')).toHaveText(expected.map((item) => item.label));
  await expect(main(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

  for (const item of expected) {
    const response = await page.request.get(item.href);
    expect(response.status(), `${item.href} answers`).toBe(200);
  }

  await main(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(main(page).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await expect(main(page).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  for (const product of ['Payouts', 'Liquidity management', 'Liquidity utilization']) {
    await expect(organizationProducts(page)).toContainText(product);
  }
  await screenshot(page, 'settings-1280');
});

test('Globex (payouts only) never sees the liquidity areas', async ({ page }) => {
  await signIn(page, 'admin@globex.example');
  const expected = visibleNavigation(DEMO_ORGANIZATIONS.globex.entitlements, { sandbox: true }).map(
    (item) => item.label,
  );
  await expect(main(page).getByRole('link')).toHaveText(expected);
  await expect(main(page).getByRole('link', { name: 'Withdrawals' })).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: 'Proofs' })).toHaveCount(0);
  await expect(page.getByTestId('signed-in-organization')).toHaveText('Globex Imports GmbH · admin');
  await page.goto('/settings');
  await expect(organizationProducts(page)).toHaveText('Payouts');
});

test('the portal is usable by keyboard: skip link, navigation, dialogs that trap and return focus', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  const trigger = page.getByRole('button', { name: 'Simulate a deposit' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Simulate a deposit' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Amount (USDT)')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
});
