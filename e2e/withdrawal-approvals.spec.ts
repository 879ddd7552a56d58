// Four eyes on withdrawals in the browser, requested at 390 px and approved at 1280 px: with the approval policy on,
// the requester's withdrawal waits for a second approver (the requester can only cancel it), and a second signed-in
// approver approves it. Also
// the policy's switches on Settings → Approvals, a pending address-book wallet, and new API keys defaulting to member.
import { type Browser, expect as baseExpect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, screenshot, signIn } from './helpers';
import { changeApprovalPolicy } from './payouts-api';
import { test } from './test';

// Two people in two browsers on a shared two-core machine: writes can take seconds, so waits are generous (they end
// as soon as the condition holds).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const REQUESTER = 'approver@acme.example'; // Ben Okafor
const SECOND_APPROVER = 'admin@acme.example'; // Amelia Clarke, an admin (admins approve too)

async function personAt(browser: Browser, email: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

// The requester on a phone, the second approver at a desk: each width's page in the state its person sees. Contrast is
// checked at 1280 (colours do not change with the width), everything else axe checks at both.
const REQUESTER_WIDTH = 390;
const APPROVER_WIDTH = 1280;
const amount = '12.34';

test('a withdrawal requested at 390 px waits for a second approver, who approves it at 1280 px', async ({
  browser,
}) => {
  const approver = await personAt(browser, SECOND_APPROVER, APPROVER_WIDTH);
  await changeApprovalPolicy(approver, { withdrawals_require_approval: true });
  try {
    const requester = await personAt(browser, REQUESTER, REQUESTER_WIDTH);
    await requester.goto('/withdrawals');
    const wallet = requester.getByLabel('To wallet');
    await wallet.selectOption((await wallet.locator('option').nth(1).getAttribute('value'))!);
    await requester.getByLabel('Amount (USDT)').fill(amount);
    await requester.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await requester
      .getByRole('dialog', { name: 'Send this withdrawal?' })
      .getByRole('button', { name: `Withdraw ${amount} USDT` })
      .click();
    await expect(requester.getByRole('status').filter({ hasText: 'submitted' })).toContainText(
      'waiting for a second approver',
    );

    const mine = requester.getByTestId('pending-withdrawal').filter({ hasText: `${amount} USDT` });
    await expect(mine).toContainText('Waiting for a second approver · requested by Ben Okafor');
    await expect(mine).toContainText('another approver must approve it');
    await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(mine.getByRole('button', { name: 'Cancel withdrawal' })).toBeVisible();
    await noSidewaysScroll(requester, REQUESTER_WIDTH);
    await expectNoSeriousViolations(requester, `withdrawals (requester) at ${REQUESTER_WIDTH}`, {
      afterLoading: true,
      contrast: false,
    });
    await screenshot(requester, `withdrawal-pending-requester-${REQUESTER_WIDTH}`);
    await requester.context().close();

    await approver.goto('/withdrawals');
    const theirs = approver.getByTestId('pending-withdrawal').filter({ hasText: `${amount} USDT` });
    await expect(theirs).toContainText('requested by Ben Okafor');
    // Reject asks for a reason in a dialog; keep it this time.
    await theirs.getByRole('button', { name: 'Reject' }).click();
    const dialog = approver.getByRole('dialog', { name: 'Reject this withdrawal' });
    await expect(dialog.getByLabel('Reason')).toBeVisible();
    await expectNoSeriousViolations(approver, `reject dialog at ${APPROVER_WIDTH}`);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();

    await noSidewaysScroll(approver, APPROVER_WIDTH);
    await expectNoSeriousViolations(approver, `withdrawals (approver) at ${APPROVER_WIDTH}`, {
      afterLoading: true,
    });
    await screenshot(approver, `withdrawal-pending-approver-${APPROVER_WIDTH}`);
    await theirs.getByRole('button', { name: 'Approve' }).click();
    await approver
      .getByRole('dialog', { name: 'Approve this withdrawal?' })
      .getByRole('button', { name: `Approve ${amount} USDT` })
      .click();
    await expect(approver.getByText(`Withdrawal of ${amount} USDT approved`, { exact: true })).toBeVisible();
    await expect(theirs).toHaveCount(0);

    const list = (await (
      await approver.request.get('/api/v2/liquidity/management/withdrawals?limit=100')
    ).json()) as {
      items: { amount: string; sub_status: string; approved_by: { name: string } | null }[];
    };
    const approved = list.items.find((item) => item.amount === amount)!;
    expect(approved.sub_status).not.toBe('pending_approval');
    expect(approved.approved_by?.name).toBe('Amelia Clarke');
  } finally {
    await changeApprovalPolicy(approver, { withdrawals_require_approval: false });
    await approver.context().close();
  }
});

test('Settings → Approvals has the two four-eyes switches; a pending wallet is approved by another approver', async ({
  browser,
}) => {
  const admin = await personAt(browser, SECOND_APPROVER, 1280);
  await admin.goto('/settings/approvals');
  const walletsSwitch = admin.getByRole('switch', {
    name: /New address-book wallets need a second approver/,
  });
  await expect(admin.getByRole('switch', { name: /Withdrawals need a second approver/ })).not.toBeChecked();
  await walletsSwitch.check();
  await admin.getByRole('button', { name: 'Save withdrawal approvals' }).click();
  await expect(admin.getByTestId('four-eyes-summary')).toContainText(
    'Every new address-book wallet waits for a second approver',
  );
  await expectNoSeriousViolations(admin, 'settings approvals');
  try {
    const requester = await personAt(browser, REQUESTER, 1280);
    await requester.goto('/withdrawals');
    const form = requester
      .locator('form')
      .filter({ has: requester.getByRole('button', { name: 'Add address' }) });
    await form.getByLabel('Chain').selectOption({ label: 'Ethereum (ERC-20)' });
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    await form.getByLabel('Address').fill(address);
    await form.getByRole('button', { name: 'Add address' }).click();
    const row = (page: Page) => page.getByRole('row').filter({ hasText: address });
    await expect(row(requester).getByTestId('wallet-status')).toContainText(
      'Waiting for a second approver (added by Ben Okafor)',
    );
    await expect(row(requester).getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await requester.context().close();

    await admin.goto('/withdrawals');
    await row(admin).getByRole('button', { name: 'Approve' }).click();
    await expect(row(admin).getByTestId('wallet-status')).toHaveText('Active');
  } finally {
    await changeApprovalPolicy(admin, { wallets_require_approval: false });
    await admin.context().close();
  }
});

test('a new API key defaults to the member role in the form', async ({ page }) => {
  await signIn(page, SECOND_APPROVER, '/settings/api-keys');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create an API key' });
  await expect(form.getByLabel('Role')).toContainText('Member');
});
