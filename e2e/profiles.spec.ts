// A new sender and beneficiaries through the portal alone: register, upload a proof, submit, and watch the sandbox
// review decide without reloading; an IBAN error shows inline as it is typed; a REJECT name shows its reason and is
// corrected and resubmitted.
import { expect, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { DEMO_LOGINS } from '../lib/identity/server/demo-logins';
import { signIn as signInAs } from './helpers';
import { test } from './test';

const member = DEMO_LOGINS.find((login) => login.email === 'member@acme.example')!;
const run = Date.now().toString(36);

// Each flow registers profiles and waits for the sandbox review (seconds after submit) on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 });

async function signIn(page: Page) {
  await signInAs(page, member.email);
  await expect(page).toHaveURL(/\/$/);
}

async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function proofPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText('Certificate of incorporation');
  return Buffer.from(await document.save());
}

async function expectReady(page: Page) {
  // The page polls while the profile is in review: no reload.
  await expect(page.getByRole('status').filter({ hasText: 'In review' })).toBeVisible();
  await expect(page.getByText('Ready: it can be used in payouts.')).toBeVisible({ timeout: 20_000 });
}

async function registerSender(page: Page, legalName: string): Promise<string> {
  await page.goto('/senders/new');
  await page.getByLabel('Legal name').fill(legalName);
  await page.getByLabel('Company registration number').fill('12345678');
  await choose(page, 'Country of incorporation or residence', 'United Kingdom (GB)');
  await page.getByLabel('Address', { exact: true }).fill('1 Poultry');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Postal code').fill('EC2R 8EJ');
  await page.getByLabel('Contact email').fill('finance@example.com');
  await page.getByRole('button', { name: 'Save sender' }).click();
  await expect(page.getByRole('heading', { level: 1, name: legalName })).toBeVisible();
  return page.url().split('/').pop()!;
}

test('a sender is registered, gets a proof document, is submitted and becomes ready', async ({ page }) => {
  await signIn(page);
  await page.goto('/senders');
  await page.getByRole('link', { name: 'Register a sender' }).first().click();
  const name = `Playwright Trading ${run} Ltd`;
  await registerSender(page, name);
  await expect(page.getByText('Draft: submit it for review')).toBeVisible();

  await page.getByLabel('Upload a document').setInputFiles({
    name: 'incorporation.pdf',
    mimeType: 'application/pdf',
    buffer: await proofPdf(),
  });
  const documents = page.getByRole('list', { name: 'Documents' });
  await expect(documents.getByRole('link', { name: 'incorporation.pdf' })).toBeVisible();

  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expectReady(page);
  await page.goto('/senders?status=ready');
  await expect(page.getByRole('link', { name })).toBeVisible();
});

test('beneficiaries for an IBAN country and a US account: inline IBAN error, fix, submit, ready', async ({
  page,
}) => {
  await signIn(page);
  const senderName = `Playwright Payer ${run} Ltd`;
  await registerSender(page, senderName);

  await page.goto('/beneficiaries/new');
  await choose(page, 'Paid on behalf of (sender)', senderName);
  await choose(page, 'Bank country', 'Germany (DE)');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText('EUR');
  await expect(page.getByLabel('IBAN')).toBeVisible();
  await expect(page.getByLabel('ABA routing number')).toHaveCount(0);
  await page.getByLabel('Account holder name').fill(`Rhein Logistik ${run} GmbH`);
  await page.getByLabel('Address', { exact: true }).fill('Friedrichstraße 100');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Postal code').fill('10117');
  await page.getByLabel('Bank name').fill('Commerzbank AG');
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
  await expect(page.getByText('has a wrong check digit (mistyped?)')).toBeVisible();
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await expect(page.getByText('has a wrong check digit (mistyped?)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save beneficiary' }).click();
  await expect(page.getByRole('definition').filter({ hasText: 'ending in 3000' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expectReady(page);

  await page.goto('/beneficiaries/new');
  await choose(page, 'Paid on behalf of (sender)', senderName);
  await choose(page, 'Bank country', 'United States (US)');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText('USD');
  await expect(page.getByLabel('IBAN')).toHaveCount(0);
  await page.getByLabel('Account holder name').fill(`Hudson Components ${run} LLC`);
  await page.getByLabel('Address', { exact: true }).fill('350 Fifth Avenue');
  await page.getByLabel('City').fill('New York');
  await page.getByLabel('ZIP code').fill('10118');
  await page.getByLabel('State or region').fill('NY');
  await page.getByLabel('Bank name').fill('JPMorgan Chase Bank');
  await page.getByLabel('Account number').fill('483920175');
  await page.getByLabel('ABA routing number').fill('021000021');
  await page.getByRole('button', { name: 'Save beneficiary' }).click();
  await expect(page.getByRole('definition').filter({ hasText: 'ending in 0175' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expectReady(page);
});

test('a REJECT name shows the reason, and the corrected beneficiary is resubmitted and becomes ready', async ({
  page,
}) => {
  await signIn(page);
  const senderName = `Playwright Sender ${run} Ltd`;
  await registerSender(page, senderName);
  await page.goto('/beneficiaries/new');
  await choose(page, 'Paid on behalf of (sender)', senderName);
  await choose(page, 'Bank country', 'Netherlands (NL)');
  await page.getByLabel('Account holder name').fill(`Reject Design ${run} B.V.`);
  await page.getByLabel('Address', { exact: true }).fill('Herengracht 420');
  await page.getByLabel('City').fill('Amsterdam');
  await page.getByLabel('Postal code').fill('1017 BZ');
  await page.getByLabel('Bank name').fill('ING Bank');
  await page.getByLabel('IBAN').fill('NL91ABNA0417164300');
  await page.getByRole('button', { name: 'Save beneficiary' }).click();
  await page.getByRole('button', { name: 'Submit for review' }).click();

  await expect(page.getByTestId('rejection-reason')).toHaveText(
    'Screening: possible restricted-party match',
    {
      timeout: 20_000,
    },
  );
  await page.getByRole('link', { name: 'Correct details' }).click();
  await page.getByLabel('Account holder name').fill(`Design ${run} B.V.`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('rejection-reason')).toBeVisible();
  await page.getByRole('button', { name: 'Resubmit for review' }).click();
  await expectReady(page);
});
