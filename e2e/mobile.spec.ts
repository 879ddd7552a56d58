// At 390 px (a phone): nothing wider than the screen, balance figures side by side never overlap, the menu opens by button.
import { expect, type Locator } from '@playwright/test';
import { visibleNavigation } from '../components/layout/navigation';
import { DEMO_ORGANIZATIONS } from '../lib/identity/server/demo-logins';
import { screenshot, signIn } from './helpers';
import { test } from './test';

test.use({ viewport: { width: 390, height: 844 } });

async function box(locator: Locator) {
  const value = await locator.boundingBox();
  if (!value) throw new Error('not visible');
  return value;
}

test('the dashboard fits a 390 px screen: no sideways scroll, each figure inside its card, none overlapping', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example');
  await expect(page.getByTestId('balance-total')).toHaveText(/USDT$/, { timeout: 20_000 });
  await expect(page.getByTestId('qr-code').first()).toBeVisible({ timeout: 20_000 });

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const card = await box(page.locator('#balance-heading').locator('xpath=ancestor::section[1]'));
  const figures = await Promise.all(
    ['available', 'held', 'total'].map((key) => box(page.getByTestId(`balance-${key}`))),
  );
  for (const figure of figures) {
    expect(figure.x).toBeGreaterThanOrEqual(card.x);
    expect(figure.x + figure.width).toBeLessThanOrEqual(card.x + card.width);
  }
  for (let i = 1; i < figures.length; i++) {
    const [a, b] = [figures[i - 1]!, figures[i]!];
    const overlap =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);
  }
  // Both charts (payout volume, balance history) draw across the card's width, not a blank box.
  const charts = page.locator('svg.recharts-surface');
  await expect(charts).toHaveCount(2, { timeout: 20_000 });
  for (const chart of await charts.all()) expect((await box(chart)).width).toBeGreaterThan(250);
  await screenshot(page, 'dashboard-390');
});

test('on a phone the navigation is behind a menu button, reachable by keyboard, and closes after a choice', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  const menu = page.getByRole('button', { name: 'Open the menu' });
  await menu.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  const labels = visibleNavigation(DEMO_ORGANIZATIONS.acme.entitlements, { sandbox: true }).map(
    (item) => item.label,
  );
  await expect(drawer.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(labels);
  await expect(drawer.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await screenshot(page, 'menu-390');

  await drawer.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(drawer).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('long addresses and hashes stay readable at 390 px: a few lines each, and the page controls stay on one row', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example');
  await page.goto('/withdrawals');
  const addresses = page.getByTestId('wallet-address');
  await expect(addresses.first()).toBeVisible({ timeout: 20_000 });
  // An address cell squeezed to one character a line was hundreds of pixels tall; two or three lines are under 60.
  for (const address of await addresses.all()) expect((await box(address)).height).toBeLessThan(60);
  const [next, last] = await Promise.all([
    box(page.getByRole('button', { name: 'Next page' })),
    box(page.getByRole('button', { name: 'Last page' })),
  ]);
  expect(Math.abs(next.y - last.y)).toBeLessThan(4);
  await screenshot(page, 'withdrawals-address-book-390');

  await page.goto('/proofs');
  const hashes = page.getByTestId('proof-sha256');
  await expect(hashes.first()).toBeVisible({ timeout: 20_000 });
  for (const hash of await hashes.all()) expect((await box(hash)).height).toBeLessThan(80);
  await screenshot(page, 'proofs-hashes-390');
});
