// axe on every main page, at laptop and phone width: no serious or critical violations, and at 390 px nothing wider
// than the screen and every table column's content on screen (a labelled card per row). Screenshots of each page as
// artifacts with E2E_SCREENSHOTS=1. (The settings pages' axe scan is in settings.spec.ts.)
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, expectTablesReadable, screenshot, signIn } from './helpers';
import { test } from './test';

const PORTAL_PAGES = [
  ['/', 'dashboard'],
  ['/batches', 'batches'],
  ['/withdrawals', 'withdrawals'],
  ['/proofs', 'proofs'],
  ['/senders', 'senders'],
  ['/senders/new', 'sender-new'],
  ['/beneficiaries', 'beneficiaries'],
  ['/settings', 'settings'],
  ['/settings/ui', 'primitives'],
  ['/settings/webhooks', 'webhooks'],
  ['/settings/access-log', 'access-log'],
  ['/settings/notifications', 'notifications'],
  ['/settings/api-keys', 'api-keys'],
] as const;
const PUBLIC_PAGES = [
  ['/login', 'login'],
  ['/docs/api', 'docs-api'],
  ['/docs/api/beneficiaries', 'docs-api-beneficiaries'],
  ['/docs/api/schemas', 'docs-api-schemas'],
  ['/docs/api/webhook-events', 'docs-api-webhook-events'],
  ['/docs/signing', 'docs-signing'],
  ['/docs/changelog', 'docs-changelog'],
  ['/no-such-page', 'not-found'],
] as const;

/** Waits until no card is still loading, so axe sees the page as a user does. */
async function settled(page: Page) {
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
}

// axe walks every node: on a busy two-core machine one page can take several seconds.
test.describe.configure({ timeout: 60_000 });

const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

// Each page is loaded once and checked at both widths: no script in the app reads the width, so resizing shows the
// phone layout of the same markup. Colours do not change with the width either: contrast is checked at 1280, every
// other rule at both; and contrast at 390 too on the dashboard and /docs/api, for what only a phone shows (the
// portal's and the docs' headers with their menu buttons).
for (const [path, name] of PORTAL_PAGES) {
  test(`${path} (signed in) has no serious accessibility violations at 1280 or 390 px`, async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, 'admin@acme.example', path);
    await settled(page);
    await expectNoSeriousViolations(page, `${path} at 1280 px`);
    await screenshot(page, `${name}-1280`);
    await page.setViewportSize(PHONE);
    await expectNoSeriousViolations(page, `${path} at 390 px`, { contrast: path === '/' });
    await expectTablesReadable(page, path);
    await screenshot(page, `${name}-390`);
  });
}

for (const [path, name] of PUBLIC_PAGES) {
  test(`${path} has no serious accessibility violations at 1280 or 390 px`, async ({ page }) => {
    // The API reference pages hold ~10,000 nodes in 5 MB of HTML and are 70,000 px tall at 1280 (160,000 at 390): one
    // axe scan takes 15–20 s there even on an idle machine. Their markup is /docs/api's layout around the same content
    // at both widths, so a reference page under /docs/api is scanned at 1280 and its layout checked at 390.
    const reference = path.startsWith('/docs/api/');
    if (reference) test.setTimeout(180_000);
    await page.setViewportSize(LAPTOP);
    await page.goto(path);
    await expectNoSeriousViolations(page, `${path} at 1280 px`);
    await screenshot(page, `${name}-1280`);
    await page.setViewportSize(PHONE);
    if (!reference)
      await expectNoSeriousViolations(page, `${path} at 390 px`, { contrast: path === '/docs/api' });
    await expectTablesReadable(page, path);
    await screenshot(page, `${name}-390`);
  });
}

test.describe('every table reads whole on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a batch: its orders, and the quote review of a batch awaiting confirmation', async ({ page }) => {
    await signIn(page, 'admin@acme.example', '/batches');
    await settled(page);
    await expectTablesReadable(page, '/batches');
    for (const status of ['COMPLETED', 'AWAITING_CONFIRMATION']) {
      await page.goto(`/batches?status=${status}`);
      await page.getByRole('row').nth(1).getByRole('link').first().click();
      await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}/);
      await settled(page);
      await expect(page.getByRole('table').first()).toBeVisible();
      await expectTablesReadable(page, `a ${status} batch`);
      await screenshot(page, `batch-${status.toLowerCase()}-390`);
    }
  });

  test('the support console: organizations, one organization, its liquidity, reviews, access records, pricing', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'lead@provider.example', '/support');
    await settled(page);
    await expectTablesReadable(page, '/support');
    await page.getByRole('table').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/support\/organizations\/[0-9a-f-]{36}$/);
    await settled(page);
    await expectTablesReadable(page, 'an organization');
    await screenshot(page, 'support-organization-390');
    await page.goto(`${new URL(page.url()).pathname}/liquidity`);
    await settled(page);
    await expectTablesReadable(page, 'its liquidity');
    await screenshot(page, 'support-liquidity-390');
    for (const path of ['/support/reviews', '/support/views', '/support/pricing']) {
      await page.goto(path);
      await settled(page);
      await expectTablesReadable(page, path);
      await screenshot(page, `support${path.replaceAll('/', '-').replace('-support', '')}-390`);
    }
  });
});
