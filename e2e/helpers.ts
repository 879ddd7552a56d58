// Shared steps of the browser tests: signing in as a demo login, saving a screenshot artifact, the axe scan.
import AxeBuilder from '@axe-core/playwright';
import { type Cookie, expect, type Page } from '@playwright/test';
import { SESSION_COOKIE_NAME } from '../lib/identity/server/auth/session-cookie';
import { DEMO_PASSWORD } from '../lib/identity/server/demo-logins';

/**
 * Each demo login's session cookie from its first sign-in in this worker. Signing in through the form checks the
 * password at OWASP's scrypt cost and loads /login first: seconds a test on a loaded machine, for a step that
 * sign-in.spec.ts and security.spec.ts test as such. A failed test restarts the worker, and so empties this.
 */
const sessions = new Map<string, Cookie>();

/**
 * `page` signed in as the demo login `email`, on `next`. The first time through the sign-in form; afterwards with
 * that session's cookie, unless the session has ended since (signed out, expired): then through the form again.
 */
export async function signIn(page: Page, email: string, next = '/') {
  const saved = sessions.get(email);
  if (saved) {
    await page.context().addCookies([saved]);
    await page.goto(next);
    if (!new URL(page.url()).pathname.startsWith('/login')) return;
    sessions.delete(email);
    await page.context().clearCookies({ name: SESSION_COOKIE_NAME });
  }
  await page.goto(next === '/' ? '/login' : `/login?callbackUrl=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE_NAME);
  if (cookie) sessions.set(email, cookie);
}

/**
 * The products of the signed-in organization, in the Organization section of /settings or /settings/organization.
 * Through the visible region: a full run once found a second, hidden copy of the section beside it for a moment.
 */
export function organizationProducts(page: Page) {
  return page.getByRole('region', { name: 'Organization' }).getByTestId('entitlements');
}

/**
 * Full-page screenshot under e2e/screenshots/ (gitignored), with E2E_SCREENSHOTS=1 only: for looking at the pages,
 * not for any check (a failing test's screenshot is taken anyway, playwright.config.ts), and several seconds each
 * on the long pages.
 */
export async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/**
 * No serious or critical WCAG 2.1 A/AA violation on the page as it is now. With `afterLoading`, first waits until no
 * "Loading…" status is left, so the scan sees the data, not the skeleton. `contrast: false` leaves out colour contrast,
 * for a page whose contrast another scan of it checks (at another width: colours do not change with the width). By
 * default contrast is checked at a laptop's width and left out at a phone's, where axe's contrast rule (most of a
 * scan's time: it scrolls to every text) would only repeat the laptop scan of the same pages.
 */
export async function expectNoSeriousViolations(
  page: Page,
  label: string,
  { afterLoading = false, contrast = (page.viewportSize()?.width ?? 1280) > 500 } = {},
) {
  if (afterLoading) await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .disableRules(contrast ? [] : ['color-contrast'])
    // In the page itself (the app has no cross-origin frames), and only the violations, which are all this reads:
    // gathering every passing node and merging the results in a second page took longer than the scan.
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

/**
 * Every cell of every table on the page is on screen as a user sees it: not hidden (a column dropped on a phone),
 * inside the viewport's width, not cut off by a scrolling or clipping box around the table, its content not wider
 * than the cell, and on a phone's card labelled with its column's name; and the page itself does not scroll
 * sideways. Tables only for screen readers (a chart's data, inside .sr-only) are skipped, and so are the column
 * headers, which a phone card repeats in each cell.
 */
export async function expectTablesReadable(page: Page, label: string) {
  const problems = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const found: string[] = [];
    const clipping = (value: string) => value !== 'visible';
    for (const table of document.querySelectorAll('table')) {
      if (table.closest('.sr-only')) continue;
      const name = table.querySelector('caption')?.textContent?.trim() || 'a table';
      const header = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
      for (const row of table.querySelectorAll('tbody tr')) {
        [...row.children].forEach((cell, index) => {
          const text = (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
          // Spacer cells (a virtual list's padding) carry nothing to read.
          if (!text && !cell.querySelector('a, button, input, select, svg, img')) return;
          const what = `${name} › ${header[index] || `column ${index + 1}`} "${text.slice(0, 40)}"`;
          const box = cell.getBoundingClientRect();
          if (box.width < 2 || box.height < 2 || getComputedStyle(cell).visibility === 'hidden') {
            found.push(`${what}: hidden`);
            return;
          }
          if (box.left < -1 || box.right > viewport + 1) {
            found.push(
              `${what}: outside the screen (${Math.round(box.left)}–${Math.round(box.right)} of ${viewport})`,
            );
            return;
          }
          // On a card (rows are blocks below md) each cell shows its column's name, drawn from data-label by CSS.
          const label = cell.getAttribute('data-label');
          const drawn = getComputedStyle(cell, '::before').content;
          if (label && getComputedStyle(row).display === 'block' && drawn !== JSON.stringify(label)) {
            found.push(`${what}: its column's name is not on the card (${drawn})`);
            return;
          }
          if (cell.scrollWidth > cell.clientWidth + 1) {
            found.push(`${what}: content ${cell.scrollWidth} px wide in a ${cell.clientWidth} px cell`);
            return;
          }
          for (
            let box2 = cell.parentElement;
            box2 && box2 !== document.documentElement;
            box2 = box2.parentElement
          ) {
            if (!clipping(getComputedStyle(box2).overflowX)) continue;
            const frame = box2.getBoundingClientRect();
            if (box.left < frame.left - 1 || box.right > frame.right + 1) {
              found.push(`${what}: cut off by its scrolling/clipping ${box2.tagName.toLowerCase()}`);
              return;
            }
          }
        });
      }
    }
    return found;
  });
  expect(problems, `${label}: table cells a user cannot see`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** In the support console: searches the directory for `query` and opens the first organization `name` matches. */
export async function openOrganization(page: Page, query: string, name: RegExp) {
  await page.getByLabel('Organization name or id').fill(query);
  await page.getByRole('button', { name: 'Search' }).click();
  // The search applies through the URL once its form has validated: a link clicked in the unfiltered list before
  // then is overtaken by that replace, and the page stays on the directory (seen once in a full run).
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === query);
  await page.getByRole('link', { name }).first().click();
}
