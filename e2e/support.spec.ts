// The support console in a browser: a support user finds an organization, views it read-only with a reason under a
// permanent banner, reads its batches but cannot change anything (every changing control unavailable with the
// explanation, the server refuses a direct POST), and the organization's admin then sees the access in Settings.
import { expect } from '@playwright/test';
import { expectNoSeriousViolations, openOrganization, screenshot, signIn } from './helpers';
import { createDraft } from './payouts-api';
import { test } from './test';

const READ_ONLY = 'Read-only support view: changes are not allowed';

test('support views an organization read-only with a reason, and its admin sees the access', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const reason = `ZD-${Date.now()} why did my payout fail?`;
  // Globex's seed has no draft: its admin makes one through the API, before the view starts.
  const reference = `GLX-E2E-${Date.now().toString(36)}`;
  const globex = await browser.newPage();
  await signIn(globex, 'admin@globex.example');
  const draft = await createDraft(globex, 'Alpen Maschinenbau GmbH', ['1250.00'], reference);
  expect(draft.batch.status).toBe('AWAITING_CONFIRMATION');
  await globex.close();

  // Its own context: axe scans a page of a context made with newContext.
  const support = await (await browser.newContext()).newPage();
  await signIn(support, 'support@provider.example');
  await expect(support).toHaveURL(/\/support$/);

  await openOrganization(support, 'globex', /Globex/);
  await support.getByRole('button', { name: 'View as organization' }).click();
  const dialog = support.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Start view' }).click();
  await expect(dialog.getByText('Give the ticket reference or why you need to look')).toBeVisible();
  await dialog.getByLabel('Reason (ticket reference)').fill(reason);
  await dialog.getByRole('button', { name: 'Start view' }).click();

  const banner = support.getByTestId('support-view-banner');
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toContainText('Globex');
  await expect(banner).toContainText('read-only');
  await expect(banner).toContainText(reason);
  await expect(support.getByTestId('support-view-time-left')).toHaveText(/^(30:00|29:\d\d)$/);
  const deposit = support.getByRole('button', { name: 'Simulate a deposit' });
  await expect(deposit).toBeDisabled();
  await expect(deposit).toHaveAccessibleDescription(READ_ONLY);
  await screenshot(support, 'support-view-banner');

  // The organization's batches, as its users see them; nothing that would change one can be used.
  await support.getByRole('navigation').getByRole('link', { name: 'Batches' }).first().click();
  await expect(support).toHaveURL(/\/batches$/);
  await expect(support.getByRole('link', { name: 'GLX-PAY-0014' })).toBeVisible();
  const newBatch = support.getByRole('button', { name: 'New batch' });
  await expect(newBatch).toBeDisabled();
  await expect(newBatch).toHaveAccessibleDescription(READ_ONLY);
  await support.getByRole('link', { name: reference }).click();
  await expect(support).toHaveURL(new RegExp(`/batches/${draft.batch.id}$`));
  await expect(support.getByTestId('batch-total')).toBeVisible();
  const confirm = support.getByRole('button', { name: 'Confirm batch' });
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveAccessibleDescription(READ_ONLY);
  await expect(support.getByRole('button', { name: 'Discard' })).toBeDisabled();
  // The explanation shows on hover and on keyboard focus (the button stays focusable to be explained).
  await confirm.hover();
  await expect(support.getByRole('tooltip')).toHaveText(READ_ONLY);
  await support.mouse.move(0, 0, { steps: 5 });
  await expect(support.getByRole('tooltip')).toHaveCount(0);
  await confirm.focus();
  await expect(support.getByRole('tooltip')).toHaveText(READ_ONLY);
  // While the tooltip is open it is the description, said once.
  await expect(confirm).toHaveAccessibleDescription(READ_ONLY);
  await screenshot(support, 'support-view-confirm-unavailable');
  // Clicking it anyway does nothing: no confirmation dialog, the draft stays a draft.
  await confirm.click({ force: true });
  await confirm.press('Enter');
  await expect(support.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousViolations(support, 'draft batch in a support view', { afterLoading: true });

  // Another page: the beneficiaries can be read, not added.
  await support.getByRole('navigation').getByRole('link', { name: 'Beneficiaries' }).first().click();
  await expect(support.getByRole('link', { name: 'Alpen Maschinenbau GmbH' })).toBeVisible();
  const add = support.getByRole('button', { name: 'Add a beneficiary' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription(READ_ONLY);

  // Settings: a member's role (saved as soon as chosen), an invitation, a webhook endpoint.
  await support.goto('/settings/team');
  const role = support.getByRole('combobox', { name: 'Role of Greta Vogel' });
  await expect(role).toBeDisabled();
  await expect(role).toHaveAccessibleDescription(READ_ONLY);
  await role.focus();
  await support.keyboard.press('m'); // typeahead would choose "Member"
  await support.keyboard.press('Enter');
  await expect(support.getByRole('listbox')).toHaveCount(0);
  await expect(role).toHaveText('Admin');
  await expect(support.getByRole('button', { name: 'Invite someone' })).toBeDisabled();
  await expect(support.getByRole('button', { name: 'Remove Greta Vogel' })).toBeDisabled();
  await support.goto('/settings/webhooks');
  await expect(support.getByRole('button', { name: 'Add endpoint' })).toBeDisabled();

  const direct = await support.request.post('/api/v2/sandbox/deposits', {
    data: { amount: '100' },
    headers: { origin: new URL(baseURL ?? 'http://127.0.0.1').origin },
  });
  expect(direct.status()).toBe(403);
  expect(await direct.text()).toContain('This is a read-only support view: changes are not allowed');

  await banner.getByRole('button', { name: 'Exit view' }).click();
  await expect(support).toHaveURL(/\/support$/);
  await expect(support.getByTestId('support-view-banner')).toHaveCount(0);

  const admin = await browser.newPage();
  await signIn(admin, 'admin@globex.example', '/settings/access-log');
  const row = admin.getByTestId('access-log-row').filter({ hasText: reason });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Ended by support');
  // The draft was not touched, and its own admin can still confirm it.
  await admin.goto(`/batches/${draft.batch.id}`);
  await expect(admin.getByRole('button', { name: 'Confirm batch' })).toBeEnabled();
});

test('a client user gets the not-found page at /support', async ({ page }) => {
  await signIn(page, 'member@acme.example');
  const response = await page.goto('/support');
  expect(response?.status()).toBe(404);
});
