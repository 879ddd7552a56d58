// The approval workflow a finance team configures (issue #42): an admin's rule asks two approvers for large USD
// batches; a member builds one; the approver (on a phone) and the admin (at a desk) each approve it from the Approvals
// inbox; the second approval confirms it; the member's bell and the sandbox emails say it was approved.
import { type Browser, expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signIn } from './helpers';
import { apiPost, createDraft } from './payouts-api';
import { test } from './test';

// Only large USD batches: the rule stays in the shared e2e database, and no other test pays that much in USD.
const RULE = {
  object: 'batch',
  name: 'Large USD batches: two approvers',
  conditions: { currencies: ['USD'], amount_usdt_gte: '20000' },
  stages: [{ name: 'Finance', required: 2, role: 'approver' }],
};

async function personAt(browser: Browser, email: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function approveFromInbox(page: Page, reference: string) {
  await page.goto('/approvals');
  await expect(page.getByRole('tab', { name: 'Waiting for me' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: reference })).toBeVisible();
  await expect(page.getByText('Finance:').first()).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${reference}` }).click();
  await page.getByRole('button', { name: 'Approve selected (1)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'approved' })).toHaveText('1 approved.');
  // Approved by this person: it no longer waits for them.
  await expect(page.getByRole('link', { name: reference })).toHaveCount(0);
}

test('a member builds a large batch; two approvers approve it from the inbox at 390 and 1280 px; it is confirmed and the member is told', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const reference = `e2e-approvals-${Date.now()}`;
  const admin = await personAt(browser, 'admin@acme.example', 1280);
  await apiPost(admin, '/api/v2/organizations/me/approval-rules', RULE);

  const member = await personAt(browser, 'member@acme.example', 1280);
  const draft = await createDraft(member, 'Hudson Components LLC', ['25000.00'], reference);
  await member.goto(`/batches/${draft.batch.id}`);
  const progress = member.getByRole('region', { name: 'Approval' });
  await expect(progress).toContainText('Waiting for approval');
  await expect(progress).toContainText('0 of 2 from approvers or admins · 2 more needed');

  const approver = await personAt(browser, 'approver@acme.example', 390);
  await approveFromInbox(approver, reference);
  await expectNoSeriousViolations(approver, 'the approvals inbox at 390 px', { afterLoading: true });
  expect(await approver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await approver.getByRole('tab', { name: 'Pending' }).click();
  await expect(approver).toHaveURL(/view=pending/);
  await expect(approver.getByRole('link', { name: reference })).toBeVisible();
  await expect(approver.getByText('Finance: 1 of 2 from approvers or admins')).toBeVisible();

  // The admin's approval is the last: it confirms the batch at its current quote.
  await approveFromInbox(admin, reference);
  await expectNoSeriousViolations(admin, 'the approvals inbox at 1280 px', { afterLoading: true });
  await admin.getByRole('tab', { name: 'Decided' }).click();
  await expect(admin.getByRole('link', { name: reference })).toBeVisible();

  await member.reload();
  await expect(member.getByRole('region', { name: 'Approval' })).toContainText('Approved');
  await expect(member.getByText('Confirmed', { exact: false }).first()).toBeVisible();
  const bell = member.getByRole('button', { name: /^Notifications, \d+ unread notifications?$/ });
  await bell.click();
  await expect(member.getByText('A batch you made was approved').first()).toBeVisible();
  await member.goto('/outbox');
  await expect(member.getByText('A batch you made was approved').first()).toBeVisible();
});
