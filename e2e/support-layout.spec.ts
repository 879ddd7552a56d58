// The support console's frame at a phone's and a laptop's width: at 390 px nothing is cut and the navigation is
// behind the portal's menu button; at 1280×800 every link is in the header and, in a view of an organization, the
// sidebar's Sign out is on screen without scrolling.
import { expect, type Locator, type Page } from '@playwright/test';
import { expectTablesReadable, openOrganization, screenshot, signIn } from './helpers';
import { test } from './test';

const LEAD_LINKS = [
  'Organizations',
  'Reviews',
  'Emails',
  'Access records',
  'Pricing',
  'Staff',
  'Payout accounts',
];

/** The element's box lies inside the viewport (not below the fold, not off to the side). */
async function expectOnScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'visible').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the console fits the phone and its navigation opens from the menu button, Sign out included', async ({
    page,
  }) => {
    await signIn(page, 'lead@provider.example', '/support');
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // No half-visible header navigation: it lives in the menu.
    await expect(page.getByRole('navigation', { name: 'Support console' })).toHaveCount(0);
    await screenshot(page, 'support-console-390');

    const menu = page.getByRole('button', { name: 'Open the menu' });
    await expectOnScreen(page, menu);
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const links = drawer.getByRole('navigation', { name: 'Support console' }).getByRole('link');
    await expect(links).toHaveText(LEAD_LINKS);
    for (const link of await links.all()) await expectOnScreen(page, link);
    await expect(drawer.getByRole('link', { name: 'Organizations' })).toHaveAttribute('aria-current', 'page');
    await expectOnScreen(page, drawer.getByRole('button', { name: 'Sign out' }));
    await screenshot(page, 'support-console-menu-390');

    await drawer.getByRole('link', { name: 'Reviews' }).click();
    await expect(page).toHaveURL(/\/support\/reviews$/);
    await expect(drawer).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every console link is in the header beside Sign out', async ({ page }) => {
    await signIn(page, 'lead@provider.example', '/support');
    await expect(page).toHaveURL(/\/support$/);
    const nav = page.getByRole('navigation', { name: 'Support console' });
    await expect(nav.getByRole('link')).toHaveText(LEAD_LINKS);
    for (const link of await nav.getByRole('link').all()) await expectOnScreen(page, link);
    await expect(page.getByRole('button', { name: 'Open the menu' })).toBeHidden();
    await expectOnScreen(page, page.getByRole('button', { name: 'Sign out' }));
  });

  test('in a view of an organization the sidebar’s Sign out is on screen without scrolling', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const reason = `ZD-${Date.now()} layout check`;
    await signIn(page, 'support@provider.example', '/support');
    await openOrganization(page, 'acme', /Acme/);
    await page.getByRole('button', { name: 'View as organization' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (ticket reference)').fill(reason);
    await dialog.getByRole('button', { name: 'Start view' }).click();
    const banner = page.getByTestId('support-view-banner');
    await expect(banner).toBeVisible({ timeout: 20_000 });

    const sidebar = page
      .getByRole('complementary')
      .filter({ has: page.getByRole('button', { name: 'Sign out' }) });
    const signOut = sidebar.getByRole('button', { name: 'Sign out' });
    await expect(signOut).toBeVisible();
    await expect
      .poll(async () => {
        const box = await signOut.boundingBox();
        return box ? box.y + box.height : Number.POSITIVE_INFINITY;
      })
      .toBeLessThanOrEqual(800);
    await expectOnScreen(page, signOut);
    // Below the banner, not under it: the sidebar's top is the banner's foot.
    const [bannerBox, sidebarBox] = await Promise.all([banner.boundingBox(), sidebar.boundingBox()]);
    expect(sidebarBox!.y).toBeGreaterThanOrEqual(bannerBox!.y + bannerBox!.height - 1);
    await screenshot(page, 'support-view-1280x800');

    // Scrolled down a long page, Sign out is still in view below the sticky banner.
    await page.goto('/withdrawals');
    await expect(page.getByTestId('withdrawal-row').first()).toBeVisible({ timeout: 20_000 });
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expectOnScreen(page, signOut);

    await banner.getByRole('button', { name: 'Exit view' }).click();
    await expect(page).toHaveURL(/\/support$/);

    // The organization's admin reads that access on a phone: every column of the access log on screen.
    const admin = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(admin, 'admin@acme.example', '/settings/access-log');
    await expect(admin.getByTestId('access-log-row').filter({ hasText: reason })).toBeVisible({
      timeout: 20_000,
    });
    await expect(admin.getByTestId('staff-read-row').first()).toBeVisible();
    await expectTablesReadable(admin, '/settings/access-log');
    await screenshot(admin, 'access-log-after-view-390');
    await admin.close();
  });
});
