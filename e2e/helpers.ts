// Shared steps of the browser tests: signing in as a demo login, saving a screenshot artifact, the axe scan.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../lib/seed/demo-logins';

export async function signIn(page: Page, email: string, next = '/') {
  await page.goto(next === '/' ? '/login' : `/login?callbackUrl=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Full-page screenshot under e2e/screenshots/ (gitignored; kept as a test artifact). */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/**
 * No serious or critical WCAG 2.1 A/AA violation on the page as it is now. With `afterLoading`, first waits until no
 * "Loading…" status is left, so the scan sees the data, not the skeleton.
 */
export async function expectNoSeriousViolations(page: Page, label: string, { afterLoading = false } = {}) {
  if (afterLoading) await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}
