// Staff reads in a browser: a support agent opens an organization's summary in the console and reads its balance
// inside a view; the organization's admin then finds both reads in Settings → Access log → Staff reads, on a desktop
// and on a phone, with no serious accessibility violation.
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, screenshot, signIn } from './helpers';
import { test } from './test';

async function ok(page: Page, method: 'GET' | 'POST' | 'DELETE', url: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: method === 'GET' ? {} : { origin },
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

test('the admin sees staff reads of their organization in Settings → Access log, at 1280 and 390 px', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const support = await (await browser.newContext()).newPage();
  await signIn(support, 'support@provider.example');
  const directory = (await ok(support, 'GET', '/api/v2/support/organizations?q=globex')) as {
    items: { id: string; name: string }[];
  };
  const globex = directory.items[0]!;
  await ok(support, 'GET', `/api/v2/support/organizations/${globex.id}`);
  const view = (await ok(support, 'POST', '/api/v2/support/view', {
    org_id: globex.id,
    reason: `ZD-${Date.now()} balance question`,
  })) as { id: string };
  await ok(support, 'GET', '/api/v2/funding/balance');
  await ok(support, 'DELETE', '/api/v2/support/view');
  await support.close();

  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(admin, 'admin@globex.example', '/settings/access-log');
  await expect(admin.getByRole('heading', { name: 'Staff reads' })).toBeVisible();
  const inView = admin.getByTestId('staff-read-row').filter({ hasText: 'Viewed the funding balance' });
  await expect(inView).toBeVisible({ timeout: 20_000 });
  await expect(inView).toContainText('Sam Patel');
  await expect(inView).toContainText(view.id.slice(0, 8));
  const fromConsole = admin
    .getByTestId('staff-read-row')
    .filter({ hasText: "Opened your organization's overview in the support console" });
  await expect(fromConsole).toContainText('Console (no view)');
  await expect(admin.getByRole('region', { name: 'Reads by provider staff' })).toBeVisible();
  await expectNoSeriousViolations(admin, 'access log with staff reads, desktop', { afterLoading: true });
  await screenshot(admin, 'access-log-staff-reads-1280');

  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  await expect(inView).toBeVisible({ timeout: 20_000 });
  await expect(inView).toContainText('Sam Patel');
  // The page itself never scrolls sideways on a phone: the table scrolls within its own region.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(admin, 'access log with staff reads, phone', { afterLoading: true });
  await screenshot(admin, 'access-log-staff-reads-390');
});
