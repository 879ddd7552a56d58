// The batch reference is the finance team's reconciliation key: typed the moment the form appears after client-side
// navigation (Batches → New batch), it must survive whatever the page loads next.
import { expect } from '@playwright/test';
import { signIn } from './helpers';
import { test } from './test';

for (const width of [1280, 390]) {
  test(`a batch reference typed at once after Batches → New batch is kept (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'approver@acme.example', '/batches');
    await expect(page.getByRole('heading', { name: 'Batches', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'New batch' }).first().click();
    // The list's own filter must not read as the new batch's reference: the first field so labelled must be the form's.
    const reference = page.getByLabel('Batch reference', { exact: true });
    // No wait beyond the field being there: a user types as soon as they see it.
    await reference.pressSequentially('payroll-2026-11', { delay: 10 });
    await expect(reference).toHaveValue('payroll-2026-11');
    await expect(page.getByRole('heading', { name: 'New batch', level: 1 })).toBeVisible();
    // Whatever arrives late (data, code, a re-render) must not reset what was typed.
    await page.waitForLoadState('networkidle');
    await expect(reference).toHaveValue('payroll-2026-11');
    // …and it is what the draft is created with.
    await expect(page.getByLabel('Batch reference', { exact: true })).toHaveAttribute(
      'name',
      'client_reference',
    );
  });
}
