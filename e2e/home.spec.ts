// Tests the first things a visitor meets: the portal asks for sign-in and brings them back, unknown pages say so, the service is healthy.
import { expect } from '@playwright/test';
import { organizationProducts, screenshot, signIn } from './helpers';
import { test } from './test';

test('a visitor without a session is sent to sign in, and lands back where they were heading', async ({
  page,
}) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fsettings$/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Sandbox');
  await screenshot(page, 'login-1280');

  await page.getByLabel('Email').fill('admin@acme.example');
  await page.getByLabel('Password').fill('demo-password-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('a session that ends while a page is open sends the user to sign in and back', async ({
  page,
  context,
}) => {
  await signIn(page, 'member@acme.example', '/settings');
  await expect(organizationProducts(page)).toBeVisible();
  // The session ends elsewhere (expired, or signed out in another tab): the next API answer is 401.
  await context.clearCookies();
  // Reloading sends the user to sign in; so does the page's own next read (the bell's unread count polls), and when
  // that 401 comes first its redirect aborts the reload. Either way they land on the sign-in page.
  await page.goto('/settings').catch((error: Error) => {
    if (!/ERR_ABORTED|interrupted by another navigation/.test(error.message)) throw error;
  });
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fsettings$/);
  // Signing in again lands where they were.
  await page.getByLabel('Email').fill('member@acme.example');
  await page.getByLabel('Password').fill('demo-password-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(organizationProducts(page)).toBeVisible();
});

test('an unknown address answers 404 with a page in the product’s style', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
  await screenshot(page, 'not-found-1280');
});

test('/api/health tells an anonymous caller only that the service is up', async ({ request }) => {
  const response = await request.get('/api/health');

  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('the tab has an icon: /favicon.ico is served, not a 404 in every page’s console', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/login');
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  expect(failed).toEqual([]);
});
