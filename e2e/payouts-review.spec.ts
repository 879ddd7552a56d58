// What an approval binds, in the portal (issue #29 §2): the batch page confirms the review_digest it showed, so a
// beneficiary's bank details changed in the background after the page loaded are refused with what changed, and the
// approver confirms only after reviewing the batch again.
import { expect, type Page } from '@playwright/test';
import { SAMPLE_IBAN_BENEFICIARY } from '../lib/profiles/contract/samples';
import { expectNoSeriousViolations, screenshot, signIn } from './helpers';
import { apiPost, beneficiaryNamed, createDraft } from './payouts-api';
import { test } from './test';

test.describe.configure({ mode: 'serial' });

interface Beneficiary {
  id: string;
  status: string;
  iban_last4: string | null;
}

async function beneficiaryStatus(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`/api/v2/beneficiaries/${id}`);
  return ((await response.json()) as Beneficiary).status;
}

/** A beneficiary of its own (the other specs keep theirs), registered and submitted; the sandbox review makes it ready. */
async function readyBeneficiary(page: Page, name: string): Promise<string> {
  const sender = (await beneficiaryNamed(page, 'Rhein Logistik GmbH')).sender_profile_id;
  const created = await apiPost<Beneficiary>(page, '/api/v2/beneficiaries', {
    sender_profile_id: sender,
    ...SAMPLE_IBAN_BENEFICIARY,
    name,
  });
  await apiPost(page, `/api/v2/beneficiaries/${created.id}/submit`);
  await expect.poll(() => beneficiaryStatus(page, created.id), { timeout: 30_000 }).toBe('ready');
  return created.id;
}

/** The page at a phone's width scrolls only downwards, then back at the laptop's: one state, both layouts. */
async function fitsAPhone(page: Page, label: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(390);
  await screenshot(page, `${label}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('bank details changed after the page loaded are refused with the diff; a fresh review confirms', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const width = 1280;
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, 'approver@acme.example');
  const name = `Digest ${width} Handel GmbH`;
  const beneficiaryId = await readyBeneficiary(page, name);
  const draft = await createDraft(page, name, ['1555.00'], `e2e-review-${width}`);
  await page.goto(`/batches/${draft.batch.id}`);
  // A shared 2-core machine: the first load of the page may take longer than the default.
  await expect(page.getByRole('heading', { level: 1, name: `Batch e2e-review-${width}` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expect(page.getByTestId('review-outdated-note')).toHaveCount(0);

  // Someone changes the beneficiary's account while the approver looks at the batch.
  const patched = await page.request.patch(`/api/v2/beneficiaries/${beneficiaryId}`, {
    headers: { origin: new URL(page.url()).origin, 'content-type': 'application/json' },
    data: JSON.stringify({ iban: 'DE75512108001245126199' }),
  });
  expect(patched.ok(), await patched.text()).toBe(true);

  await page.getByRole('button', { name: 'Confirm batch' }).click();
  await page.getByRole('button', { name: /^Confirm and hold/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This batch changed since you opened it' });
  await expect(alert).toBeVisible();
  await expect(page.getByTestId('review-diff')).toContainText(
    `Order 1 (${name}): the beneficiary's identity or bank details changed since the review`,
  );
  await expect(page.getByRole('button', { name: 'Confirm batch' })).toBeDisabled();
  await expect(page.getByText('The batch changed since you opened it. Review it again')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await expectNoSeriousViolations(page, `review outdated at ${width} px`);
  await screenshot(page, `batch-review-outdated-${width}`);
  await fitsAPhone(page, 'batch-review-outdated');

  // The sandbox reviews the new details (seconds after the edit); then the approver looks again.
  await expect.poll(() => beneficiaryStatus(page, beneficiaryId), { timeout: 30_000 }).toBe('ready');
  await page.getByRole('button', { name: 'Review again' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId('review-outdated-note')).toBeVisible();
  // What changed, before and now: the account the approver saw and the one the batch pays now (masked).
  await expect(page.getByTestId('changes-since-review')).toContainText('3000');
  await expect(page.getByTestId('changes-since-review')).toContainText('6199');
  await expectNoSeriousViolations(page, `fresh review at ${width} px`);
  await fitsAPhone(page, 'batch-review-fresh');
  await page.getByRole('button', { name: 'Confirm batch' }).click();
  await page.getByRole('button', { name: /^Confirm and hold/ }).click();
  await expect(page.getByText('Batch confirmed').first()).toBeVisible();
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/v2/payouts/${draft.batch.id}`);
      return ((await response.json()) as { batch: { status: string } }).batch.status;
    })
    .toBe('IN_PROGRESS');
});
