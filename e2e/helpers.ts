// Shared steps of the browser tests: signing in as a demo login, saving a screenshot artifact.
import type { Page } from '@playwright/test';
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
