// Steps the settings browser tests share: people made through the real API (an admin invites, the invitee signs up),
// signing in with any password, and reading the sandbox outbox.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../lib/identity/server/demo-logins';

export const NEW_PASSWORD = 'a long new password 2026';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function signInWith(page: Page, email: string, password: string, next = '/') {
  await page.goto(next === '/' ? '/login' : `/login?callbackUrl=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** POSTs as the page's signed-in user, same-origin as the portal's own calls. */
export async function postAs(page: Page, path: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  return page.request.post(path, { data, headers: { origin } });
}

/**
 * A new person in `adminEmail`'s organization with `role`: the admin invites them through the API (the sandbox
 * answer carries the link) and they sign up on it. Answers their email; their password is DEMO_PASSWORD.
 */
export async function invitedUser(
  adminPage: Page,
  request: APIRequestContext,
  options: { email?: string; role?: 'member' | 'approver' | 'admin'; name?: string } = {},
): Promise<string> {
  const email = options.email ?? uniqueEmail('person');
  const invited = await postAs(adminPage, '/api/v2/organizations/me/invitations', {
    email,
    role: options.role ?? 'member',
  });
  expect(invited.status()).toBe(201);
  const { accept_url } = (await invited.json()) as { accept_url: string };
  const token = accept_url.split('/invitations/')[1];
  const signUp = await request.post(`/api/auth/invitations/${token}/sign-up`, {
    data: { name: options.name ?? 'Pat Example', password: DEMO_PASSWORD },
  });
  expect(signUp.status()).toBe(201);
  return email;
}

/** The first link of the newest outbox email whose subject matches, as the signed-in page sees the outbox. */
export async function outboxLink(page: Page, subject: RegExp): Promise<string> {
  const email = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  // Some emails are sent by a background job (a password reset): look again until it has run.
  await expect(async () => {
    await page.goto('/outbox');
    await expect(email).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const href = await email.getByRole('link').first().getAttribute('href');
  if (!href) throw new Error('the email has no link');
  return href;
}
