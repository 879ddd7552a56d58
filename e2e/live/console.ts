// Owns the steps the live journeys share in the support console: the two screen sizes, a person's own window, reading
// an /api/v2 answer with her session, and opening a console page from its navigation as she would at that width.
import { type Browser, expect, type Page } from '@playwright/test';

export const LAPTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function openWindow(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<Page> {
  return browser.newPage({ viewport });
}

export async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** The console's page `label` from its navigation: the header's links at 1280 px, the menu's on a phone. */
export async function openConsolePage(page: Page, label: string) {
  const header = page.getByRole('navigation', { name: 'Support console' });
  if ((page.viewportSize()?.width ?? 0) < 1280) {
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: label }).click();
  } else {
    await header.getByRole('link', { name: label }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible({ timeout: 20_000 });
}
