// Settings in a real browser: inviting and joining, changing a role, API keys that work once created and stop when
// revoked, password reset through the sandbox outbox, a TOTP second factor that sign-in asks for, switching
// organization — each page also at phone width (screenshots under e2e/screenshots/ with E2E_SCREENSHOTS=1).
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { DEMO_PASSWORD } from '../lib/identity/server/demo-logins';
import { PayoutApiClient } from '../lib/platform/client/client';
import {
  expectNoSeriousViolations,
  expectTablesReadable,
  organizationProducts,
  screenshot,
  signIn,
} from './helpers';
import { invitedUser, NEW_PASSWORD, outboxLink, signInWith, uniqueEmail } from './settings-helpers';
import { test } from './test';

test.describe.configure({ timeout: 90_000 });

const ACME_ADMIN = 'admin@acme.example';
const GLOBEX_ADMIN = 'admin@globex.example';

/** A new member of Acme, invited by its admin (signed in on `page`) and signed in on a device of their own at `next`. */
async function colleagueOnOwnDevice(page: Page, browser: Browser, request: APIRequestContext, next?: string) {
  await signIn(page, ACME_ADMIN);
  const email = await invitedUser(page, request);
  const device = await browser.newContext();
  const colleague = await device.newPage();
  await signInWith(colleague, email, DEMO_PASSWORD, next);
  return { email, device, colleague };
}

test('an admin invites a new colleague, who joins from the outbox link; the admin then changes their role', async ({
  page,
  browser,
}) => {
  await signIn(page, ACME_ADMIN, '/settings/team');
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  const email = uniqueEmail('invitee');
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(email);
  await screenshot(page, 'settings-team-1280');

  const link = await outboxLink(page, /invited you to Acme Trading Ltd/);
  await screenshot(page, 'outbox-1280');

  const guest = await browser.newContext();
  const invitee = await guest.newPage();
  await invitee.goto(link);
  await expect(invitee.getByText('You are invited to join')).toContainText('Acme Trading Ltd');
  await invitee.getByLabel('Your name').fill('Ines Invitee');
  await invitee.getByLabel('Choose a password').fill(DEMO_PASSWORD);
  await invitee.getByLabel('Repeat the password').fill(DEMO_PASSWORD);
  await screenshot(invitee, 'invitation-sign-up');
  await invitee.getByRole('button', { name: 'Create my account and join' }).click();
  await invitee.waitForURL((url) => url.pathname === '/');
  await expect(invitee.getByTestId('signed-in-organization').first()).toContainText(
    'Acme Trading Ltd · member',
  );

  await page.goto('/settings/team');
  const row = page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: email });
  await row.getByRole('combobox', { name: 'Role of Ines Invitee' }).click();
  await page.getByRole('option', { name: 'Approver' }).click();
  await expect(page.getByText('Ines Invitee is now approver', { exact: true })).toBeVisible();

  await invitee.reload();
  await expect(invitee.getByTestId('signed-in-organization').first()).toContainText(
    'Acme Trading Ltd · approver',
  );
  // The link worked once.
  await invitee.goto(link);
  await expect(invitee.getByRole('alert').filter({ hasText: 'already accepted' })).toBeVisible();
  await guest.close();
});

test('an API key shows its secrets once, signs a real request, and stops working when revoked', async ({
  page,
  baseURL,
}) => {
  await signIn(page, ACME_ADMIN, '/settings/api-keys');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create an API key' });
  const name = `Browser test key ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: `${name}: save these now` });
  await expect(shown).toBeVisible();
  const apiKey = await shown.getByLabel('API key', { exact: true }).inputValue();
  const sharedSecret = await shown.getByLabel('Shared secret', { exact: true }).inputValue();
  const privateKeyPem = await shown.getByLabel('Private key', { exact: true }).inputValue();
  expect(apiKey).toMatch(/^sk_sandbox_/);
  await expect(shown.getByRole('button', { name: 'Copy shared secret' })).toBeVisible();
  await screenshot(page, 'settings-api-key-created');

  const download = page.waitForEvent('download');
  await shown.getByRole('button', { name: 'Download credentials file' }).click();
  const file = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as Record<string, string>;
  expect(file).toMatchObject({
    api_key: apiKey,
    shared_secret: sharedSecret,
    private_key_pem: privateKeyPem,
  });

  await shown.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText(sharedSecret)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: 'API keys' })).toContainText(name);
  expect(await page.content()).not.toContain(sharedSecret);

  const client = new PayoutApiClient({
    baseUrl: baseURL!,
    apiKey,
    privateKeyPem,
    sharedSecret,
    maxRetries: 0,
  });
  const balance = await client.send('GET', '/api/v2/funding/balance');
  expect(balance.status).toBe(200);

  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke ${name}?` })
    .getByRole('button', { name: 'Revoke key' })
    .click();
  await expect(row).toContainText('Revoked');
  expect((await client.send('GET', '/api/v2/funding/balance')).status).toBe(401);
  await screenshot(page, 'settings-api-keys-1280');
});

test('a forgotten password is reset through the link in the sandbox outbox', async ({
  page,
  browser,
  request,
}) => {
  // The person is still signed in on another device (their phone), where they read their mail.
  const { email, device: phone, colleague: mail } = await colleagueOnOwnDevice(page, browser, request);

  const laptop = await browser.newContext();
  const forgot = await laptop.newPage();
  await forgot.goto('/login');
  await forgot.getByRole('link', { name: 'Forgot your password?' }).click();
  await forgot.waitForURL(/\/forgot-password/);
  await expect(forgot.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(forgot.getByRole('status')).toContainText('If an account uses this email');
  // The same words for an address nobody uses: the form never tells who has an account.
  const unknown = await laptop.newPage();
  await unknown.goto('/forgot-password');
  await unknown.getByLabel('Email').fill(uniqueEmail('nobody'));
  await unknown.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(unknown.getByRole('status')).toContainText('If an account uses this email');

  const link = await outboxLink(mail, /Reset your payout portal password/);
  await forgot.goto(link);
  await forgot.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await forgot.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await screenshot(forgot, 'reset-password');
  await forgot.getByRole('button', { name: 'Set the new password' }).click();
  await expect(forgot.getByRole('status')).toContainText('Your password is set');

  // Every session ended, the phone's too; the old password is gone, the new one works; the link is used up.
  await mail.goto('/settings');
  await expect(mail).toHaveURL(/\/login/);
  await signInWith(forgot, email, NEW_PASSWORD);
  await expect(forgot.getByTestId('signed-in-organization').first()).toContainText('Acme Trading Ltd');
  const again = await laptop.newPage();
  await again.goto(link);
  await again.getByLabel('New password', { exact: true }).fill('yet another long password');
  await again.getByLabel('Repeat the new password').fill('yet another long password');
  await again.getByRole('button', { name: 'Set the new password' }).click();
  await expect(
    again.getByRole('alert').filter({ hasText: 'invalid, already used or expired' }),
  ).toBeVisible();
  await phone.close();
  await laptop.close();
});

test('a user turns on an authenticator app and sign-in then asks for its code', async ({
  page,
  browser,
  request,
}) => {
  const {
    email,
    device: context,
    colleague: user,
  } = await colleagueOnOwnDevice(page, browser, request, '/settings/security');

  await user.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(user.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await user.getByTestId('totp-secret').textContent())!.trim();
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  await screenshot(user, 'settings-security-enrol');
  await user.getByLabel('Code from the app').fill(totp.generate());
  await user.getByRole('button', { name: 'Turn on' }).click();
  const codes = user.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  const another = (await codes.nth(1).textContent())!.trim();
  await expect(user.getByText('10 recovery codes left')).toBeVisible();

  await user.getByRole('button', { name: 'Sign out' }).first().click();
  await user.waitForURL(/\/login/);
  await user.getByLabel('Email').fill(email);
  await user.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await user.getByRole('button', { name: 'Sign in' }).click();
  const code = user.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill('000000');
  await user.getByRole('button', { name: 'Sign in' }).click();
  await expect(user.getByRole('alert').filter({ hasText: 'code is not right' })).toBeVisible();
  // The code of the next 30-second step: the one used to turn it on cannot be used again.
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await user.getByRole('button', { name: 'Sign in' }).click();
  await user.waitForURL((url) => url.pathname === '/');

  await user.getByRole('button', { name: 'Sign out' }).first().click();
  await user.waitForURL(/\/login/);
  await user.getByLabel('Email').fill(email);
  await user.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await user.getByRole('button', { name: 'Sign in' }).click();
  await user.getByLabel('Authentication code').fill(recovery);
  await user.getByRole('button', { name: 'Sign in' }).click();
  await user.waitForURL((url) => url.pathname === '/');

  // Turning it off takes the password and a code (here another recovery code), not the password alone.
  await user.goto('/settings/security');
  await user.getByRole('button', { name: 'Turn off' }).click();
  const dialog = user.getByRole('dialog');
  await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  await expect(dialog.getByRole('button', { name: 'Turn off' })).toBeDisabled();
  await dialog.getByLabel('Code from your authenticator app').fill(another);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(user.getByText('Two-factor authentication is off').first()).toBeVisible();
  await context.close();
});

test('a person in two organizations switches between them and the pages follow', async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, ACME_ADMIN);
  const email = await invitedUser(page, request, { role: 'admin' });
  const globex = await browser.newContext();
  const globexAdmin = await globex.newPage();
  await signIn(globexAdmin, GLOBEX_ADMIN);
  const invited = await globexAdmin.request.post('/api/v2/organizations/me/invitations', {
    data: { email, role: 'member' },
    headers: { origin: new URL(globexAdmin.url()).origin },
  });
  expect(invited.status()).toBe(201);
  const { accept_url } = (await invited.json()) as { accept_url: string };
  await globex.close();

  // The link, then sign in from it, then join: the way a person with an account accepts.
  const context = await browser.newContext();
  const user = await context.newPage();
  await user.goto(accept_url);
  await user.getByRole('link', { name: 'Sign in to accept' }).click();
  await user.waitForURL(/\/login/);
  await user.getByLabel('Email').fill(email);
  await user.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await user.getByRole('button', { name: 'Sign in' }).click();
  await user.waitForURL(/\/invitations\//);
  await user.getByRole('button', { name: 'Join Globex Imports GmbH' }).click();
  await user.waitForURL((url) => url.pathname === '/');
  await expect(user.getByTestId('signed-in-organization').first()).toContainText(
    'Globex Imports GmbH · member',
  );

  await user.goto('/settings/organization');
  await expect(organizationProducts(user)).toHaveText('Payouts');
  await user.goto('/settings');
  await expect(user.getByRole('link', { name: /^Team/ })).toHaveCount(0);

  await user.getByRole('combobox', { name: 'Organization' }).first().click();
  await user.getByRole('option', { name: /Acme Trading Ltd/ }).click();
  await expect(user.getByTestId('signed-in-organization').first()).toContainText('Acme Trading Ltd · admin');
  await expect(user.getByRole('link', { name: /^Team/ })).toBeVisible();
  await user.goto('/settings/organization');
  await expect(organizationProducts(user)).toContainText('Liquidity management');
  await context.close();
});

// Each page loaded once and checked at both widths (resizing shows the phone layout of the same markup): axe at both,
// colour contrast at 1280 (colours do not change with the width), and at 390 nothing wider than the screen.
test('settings pages are usable and accessible at 1280 and 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ACME_ADMIN, '/settings');
  const pages = [
    ['/settings', 'settings'],
    ['/settings/team', 'settings-team'],
    ['/settings/api-keys', 'settings-api-keys'],
    ['/settings/organization', 'settings-organization'],
    ['/settings/security', 'settings-security'],
    ['/outbox', 'outbox'],
    ['/forgot-password', 'forgot-password'],
    ['/reset-password?token=x', 'reset-password-form'],
  ] as const;
  for (const [path, name] of pages) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expectNoSeriousViolations(page, `${path} at 1280 px`, { afterLoading: true });
    await screenshot(page, `${name}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, `${path} at 390 px`);
    await expectTablesReadable(page, `${path} at 390 px`);
    await screenshot(page, `${name}-390`);
  }
});
