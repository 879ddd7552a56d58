// The portal's pages in Chromium under their Content-Security-Policy: every main page, sign-in, the docs and the
// support console load with no CSP violation, each document carries the policy with a fresh nonce, API answers do
// not; and sign-in sends people only to paths of this site, whatever callbackUrl says.
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../lib/identity/server/demo-logins';
import { signIn } from './helpers';
import { test } from './test';

const PORTAL_PAGES = [
  '/',
  '/batches',
  '/batches/new',
  '/beneficiaries',
  '/beneficiaries/new',
  '/senders',
  '/liquidity',
  '/withdrawals',
  '/proofs',
  '/approvals',
  '/outbox',
  '/settings',
  '/settings/organization',
  '/settings/team',
  '/settings/security',
  '/settings/api-keys',
  '/settings/webhooks',
  '/settings/approvals',
  '/settings/notifications',
  '/settings/access-log',
  '/settings/ui',
];
const PUBLIC_PAGES = ['/login', '/forgot-password', '/docs', '/docs/api', '/docs/signing', '/docs/changelog'];
const SUPPORT_PAGES = ['/support', '/support/reviews', '/support/pricing', '/support/views'];

/** Records CSP violations from both the console and the page's securitypolicyviolation events. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI} on ${document.location.pathname}`);
    });
  });
  return seen;
}

/** Loads `path`, waits until it has settled, and checks the policy on its document. */
async function visit(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy, path).toContain("frame-ancestors 'none'");
  expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
  // Hydrated: React ran (its scripts carried the nonce), so the page is not only server HTML.
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith('__reactContainer')));
  return policy;
}

test('public pages and the docs load under the policy, each with its own nonce; the API has none', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(page);
  const policies = new Set<string>();
  for (const path of PUBLIC_PAGES) {
    policies.add(await visit(page, path));
    expect(violations, path).toEqual([]);
  }
  expect(policies.size).toBe(PUBLIC_PAGES.length);

  // The sign-in form works under the policy (its script ran): a wrong password is answered in the page.
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@acme.example');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password check runs at the OWASP scrypt cost: seconds on a loaded machine.
  await expect(page.getByRole('alert').filter({ hasText: 'not right' })).toBeVisible({ timeout: 20_000 });
  expect(violations).toEqual([]);

  const health = await request.get('/api/health');
  expect(health.headers()['content-security-policy']).toBeUndefined();
});

test('every main portal page loads with no CSP violation', async ({ page }) => {
  // Nineteen pages on a shared two-core machine.
  test.setTimeout(360_000);
  const violations = await watchViolations(page);
  await signIn(page, 'admin@acme.example');
  for (const path of PORTAL_PAGES) {
    await visit(page, path);
    expect(violations, path).toEqual([]);
  }
});

test('the support console loads with no CSP violation', async ({ page }) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(page);
  await signIn(page, 'lead@provider.example', '/support');
  for (const path of SUPPORT_PAGES) {
    await visit(page, path);
    expect(violations, path).toEqual([]);
  }
});

test('sign-in never follows a callbackUrl to another site', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  for (const hostile of ['/\\evil.example/phish', '/\t/evil.example/phish']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/login?callbackUrl=${encodeURIComponent(hostile)}`);
    await page.getByLabel('Email').fill('admin@acme.example');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
    expect(new URL(page.url()).origin, hostile).toBe(new URL(baseURL!).origin);
    expect(new URL(page.url()).pathname, hostile).toBe('/');
    await context.close();
  }
});

test('/login while signed in goes where callbackUrl says, if it is a path of this site', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@acme.example');
  const plain = await page.goto('/login');
  expect(plain?.status()).toBe(200);
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto('/login?callbackUrl=%2Fsettings');
  await expect(page).toHaveURL(`${baseURL}/settings`);
  await page.goto(`/login?callbackUrl=${encodeURIComponent('/\\evil.example/phish')}`);
  await expect(page).toHaveURL(`${baseURL}/`);
});
