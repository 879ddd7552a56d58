// axe on every main page, at laptop and phone width: no serious or critical violations, and at 390 px nothing wider
// than the screen. Screenshots of each page as artifacts. (The settings pages are scanned in settings.spec.ts.)
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, screenshot, signIn } from './helpers';

const PORTAL_PAGES = [
  ['/', 'dashboard'],
  ['/withdrawals', 'withdrawals'],
  ['/proofs', 'proofs'],
  ['/senders', 'senders'],
  ['/senders/new', 'sender-new'],
  ['/beneficiaries', 'beneficiaries'],
  ['/settings', 'settings'],
  ['/settings/ui', 'primitives'],
  ['/settings/webhooks', 'webhooks'],
] as const;
const PUBLIC_PAGES = [
  ['/login', 'login'],
  ['/docs/api', 'docs-api'],
  ['/docs/api/beneficiaries', 'docs-api-beneficiaries'],
  ['/docs/api/schemas', 'docs-api-schemas'],
  ['/docs/signing', 'docs-signing'],
  ['/docs/changelog', 'docs-changelog'],
  ['/no-such-page', 'not-found'],
] as const;

/** At phone width the page never scrolls sideways (wide tables scroll inside their own box). */
async function expectNoSidewaysScroll(page: Page, width: number, label: string) {
  if (width > 500) return;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} is wider than the screen`).toBeLessThanOrEqual(0);
}

/** Waits until no card is still loading, so axe sees the page as a user does. */
async function settled(page: Page) {
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
}

// axe walks every node: on a busy two-core machine one page can take several seconds.
test.describe.configure({ timeout: 60_000 });

for (const width of [1280, 390]) {
  for (const [path, name] of PORTAL_PAGES) {
    test(`${path} (signed in) has no serious accessibility violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await signIn(page, 'admin@acme.example', path);
      await settled(page);
      await expectNoSeriousViolations(page, path);
      await expectNoSidewaysScroll(page, width, path);
      await screenshot(page, `${name}-${width}`);
    });
  }

  for (const [path, name] of PUBLIC_PAGES) {
    test(`${path} has no serious accessibility violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.goto(path);
      await expectNoSeriousViolations(page, path);
      await expectNoSidewaysScroll(page, width, path);
      await screenshot(page, `${name}-${width}`);
    });
  }
}
