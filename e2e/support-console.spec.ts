// The support console's other duties in a browser: a reviewer approves one profile and rejects another with a reason
// the client then reads on its Senders pages; a support lead lowers a corridor limit and a new quote is held to it
// while an existing draft keeps its quote; a view ends when its time is up.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import postgres from 'postgres';
import { simplePdf } from '../lib/platform/seed/pdf';
import { SAMPLE_COMPANY_SENDER } from '../lib/profiles/contract/samples';
import { expectNoSeriousViolations, openOrganization, screenshot, signIn } from './helpers';
import { test } from './test';

/** Same-origin request as the page's signed-in user (what the portal's own calls send). */
async function send(page: Page, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: method === 'GET' ? {} : { origin, 'idempotency-key': crypto.randomUUID() },
  });
  return response;
}

async function json<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await send(page, method, url, data);
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The e2e server's database (embedded under .test-data/e2e unless TEST_DATABASE_URL names another server). */
function e2eDatabase() {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const url = new URL(external);
    url.pathname = '/payout_e2e';
    return postgres(url.toString(), { max: 1, onnotice: () => {} });
  }
  const state = JSON.parse(readFileSync(path.resolve('.test-data/e2e/postgres.json'), 'utf8')) as {
    port: number;
    user: string;
    password: string;
  };
  return postgres({
    host: '127.0.0.1',
    port: state.port,
    user: state.user,
    password: state.password,
    database: 'payout_e2e',
    max: 1,
    onnotice: () => {},
  });
}

test('a reviewer approves one profile and rejects another; the client reads the outcome and the reason', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const client = await browser.newPage();
  await signIn(client, 'admin@acme.example', '/senders');
  const sender = (legalName: string) => ({ ...SAMPLE_COMPANY_SENDER, legal_name: legalName });
  const approveName = `Approvable ${stamp} REVIEW Ltd`;
  const rejectName = `Rejectable ${stamp} REVIEW Ltd`;
  const ids: Record<string, string> = {};
  for (const name of [approveName, rejectName]) {
    const created = await json<{ id: string }>(client, 'POST', '/api/v2/senders', sender(name));
    await json(client, 'POST', `/api/v2/senders/${created.id}/submit`);
    ids[name] = created.id;
  }

  const reviewer = await browser.newPage();
  await signIn(reviewer, 'support@provider.example');
  await reviewer
    .getByRole('navigation', { name: 'Support console' })
    .getByRole('link', { name: 'Reviews' })
    .click();
  await expect(reviewer.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await reviewer.goto('/support/reviews?kind=sender&limit=100');
  const approveRow = reviewer.getByTestId('review-row').filter({ hasText: approveName });
  // The sandbox screening runs a moment after the submit and leaves its note for staff.
  await expect(async () => {
    await reviewer.reload();
    await expect(approveRow).toContainText('Sandbox screening', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(approveRow).toContainText('Acme');

  await approveRow.getByRole('link', { name: approveName }).click();
  await expect(reviewer.getByRole('heading', { name: approveName })).toBeVisible();
  await expect(reviewer.getByText('09876543')).toBeVisible();
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  // Clearing a screening hit asks why, as a rejection does.
  const approval = reviewer.getByRole('dialog', { name: `Approve ${approveName}` });
  await approval
    .getByLabel('Why the hit is cleared')
    .fill(`Registration ${stamp} checked at Companies House: not the listed party`);
  await approval.getByRole('button', { name: 'Approve profile' }).click();
  await expect(reviewer.getByTestId('review-outcome')).toContainText('Decided by staff');

  await reviewer.goto(`/support/reviews/sender/${ids[rejectName]}`);
  await expect(reviewer.getByRole('heading', { name: rejectName })).toBeVisible();
  await reviewer.getByRole('button', { name: 'Reject' }).click();
  const dialog = reviewer.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject profile' }).click();
  await expect(dialog.getByText('Tell the client what to correct')).toBeVisible();
  const reason = `Registration ${stamp} not found at Companies House: upload the certificate`;
  await dialog.getByLabel('Reason shown to the client').fill(reason);
  await dialog.getByRole('button', { name: 'Reject profile' }).click();
  await expect(reviewer.getByTestId('review-outcome')).toContainText(reason);
  await screenshot(reviewer, 'support-review-rejected');

  await client.goto(`/senders/${ids[rejectName]}`);
  await expect(client.getByText('Rejected in review')).toBeVisible({ timeout: 20_000 });
  await expect(client.getByTestId('rejection-reason')).toHaveText(reason);
  await client.goto(`/senders/${ids[approveName]}`);
  await expect(client.getByRole('heading', { name: approveName })).toBeVisible({ timeout: 20_000 });
  await expect(client.getByText('Ready: it can be used in payouts.')).toBeVisible();
});

type Beneficiary = { id: string; sender_profile_id: string; currency: string; status: string };
type Corridor = {
  id: string;
  name: string;
  currency: string;
  status: string;
  min_amount: string;
  max_amount: string;
};
type Batch = {
  batch: { id: string; status: string; source_amount_total: string; quote_expires_at: string };
  orders: { beneficiary_amount: string; fee_amount: string; source_amount: string }[];
};

test('a support lead lowers a corridor limit: new quotes are held to it, an existing draft keeps its quote', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const client = await browser.newPage();
  await signIn(client, 'admin@acme.example', '/senders');
  const lead = await browser.newPage();
  await signIn(lead, 'lead@provider.example');

  const pricing = await json<{ corridors: Corridor[] }>(lead, 'GET', '/api/v2/support/pricing');
  const beneficiaries = await json<{ items: Beneficiary[] }>(
    client,
    'GET',
    '/api/v2/beneficiaries?status=ready&limit=100',
  );
  let pick: { beneficiary: Beneficiary; corridor: Corridor } | undefined;
  for (const beneficiary of beneficiaries.items) {
    const corridor = pricing.corridors.find(
      (c) => c.currency === beneficiary.currency && c.status === 'ACTIVE',
    );
    if (!corridor || Number(corridor.max_amount) - Number(corridor.min_amount) < 200) continue;
    const senderState = await json<{ status: string }>(
      client,
      'GET',
      `/api/v2/senders/${beneficiary.sender_profile_id}`,
    );
    if (senderState.status === 'ready') {
      pick = { beneficiary, corridor };
      break;
    }
  }
  expect(pick, 'a ready Acme beneficiary in an active corridor').toBeDefined();
  const { beneficiary, corridor } = pick!;
  const min = Number(corridor.min_amount);
  const amount = String(Math.ceil(min + 150));
  const lowered = String(Math.ceil(min + 100));
  const order = (beneficiaryAmount: string) => ({
    orders: [
      {
        sender_profile_id: beneficiary.sender_profile_id,
        beneficiary_profile_id: beneficiary.id,
        beneficiary_amount: beneficiaryAmount,
        beneficiary_currency: beneficiary.currency,
        fee_type: 'SHA',
        purpose_code: 'GDSP',
      },
    ],
  });

  const draft = await json<Batch>(client, 'POST', '/api/v2/payouts', order(amount));
  expect(draft.batch.status).toBe('AWAITING_CONFIRMATION');

  try {
    await lead.goto('/support/pricing');
    await expect(lead.getByRole('heading', { name: 'Pricing' })).toBeVisible();
    const row = lead.getByTestId('corridor-row').filter({ hasText: corridor.name });
    await row.getByRole('button', { name: `Edit ${corridor.name}` }).click();
    const dialog = lead.getByRole('dialog');
    await dialog.getByLabel(`Maximum amount (${corridor.currency})`).fill(lowered);
    await dialog.getByRole('button', { name: 'Save corridor' }).click();
    await expect(dialog).toHaveCount(0);
    const after = await json<{ corridors: Corridor[] }>(lead, 'GET', '/api/v2/support/pricing');
    expect(after.corridors.find((c) => c.id === corridor.id)?.max_amount).toBe(lowered);
    await screenshot(lead, 'support-pricing');

    // The draft keeps the quote it was given.
    const unchanged = await json<Batch>(client, 'GET', `/api/v2/payouts/${draft.batch.id}`);
    expect(unchanged.batch.status).toBe('AWAITING_CONFIRMATION');
    expect(unchanged.batch.source_amount_total).toBe(draft.batch.source_amount_total);
    expect(unchanged.batch.quote_expires_at).toBe(draft.batch.quote_expires_at);
    expect(unchanged.orders.map((o) => [o.beneficiary_amount, o.fee_amount, o.source_amount])).toEqual(
      draft.orders.map((o) => [o.beneficiary_amount, o.fee_amount, o.source_amount]),
    );

    // A new quote is held to the new limit.
    const refused = await send(client, 'POST', '/api/v2/payouts', order(amount));
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(`and ${lowered} ${corridor.currency}`);
    const within = await send(client, 'POST', '/api/v2/payouts', order(lowered));
    expect(within.status()).toBe(201);
  } finally {
    const restored = await send(lead, 'PATCH', `/api/v2/support/pricing/corridors/${corridor.id}`, {
      max_amount: corridor.max_amount,
    });
    expect(restored.status()).toBe(200);
  }
});

test('a view ends when its time is up: the browser returns to the console and the admin reads why', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const reason = `ZD-${Date.now()} expiry check`;
  const support = await browser.newPage();
  await support.clock.install();
  await signIn(support, 'support@provider.example');
  await openOrganization(support, 'globex', /Globex/);
  await support.getByRole('button', { name: 'View as organization' }).click();
  await support.getByRole('dialog').getByLabel('Reason (ticket reference)').fill(reason);
  await support.getByRole('dialog').getByRole('button', { name: 'Start view' }).click();
  const banner = support.getByTestId('support-view-banner');
  await expect(banner).toBeVisible({ timeout: 20_000 });

  // Thirty minutes pass: the server's deadline (the view's expiry, moved to now) and the browser's clock.
  const sql = e2eDatabase();
  try {
    const ended = await sql`update impersonation_sessions set expires_at = now()
      where reason = ${reason} and ended_at is null returning id`;
    expect(ended).toHaveLength(1);
  } finally {
    await sql.end({ timeout: 5 });
  }
  await support.clock.fastForward('30:01');
  await expect(support).toHaveURL(/\/support$/, { timeout: 20_000 });
  await expect(support.getByRole('heading', { name: 'Organizations' })).toBeVisible();
  await expect(support.getByTestId('support-view-banner')).toHaveCount(0);
  // The session no longer reads the organization.
  const refused = await support.request.get('/api/v2/payouts');
  expect(refused.status()).toBe(403);

  const admin = await browser.newPage();
  await signIn(admin, 'admin@globex.example', '/settings/access-log');
  const row = admin.getByTestId('access-log-row').filter({ hasText: reason });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Time limit reached');
});

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('a support lead produces a route, its proof and a loan in the back office; the client sees them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const routeName = `Back office route ${stamp}`;
  const lead = await (await browser.newContext()).newPage();
  await signIn(lead, 'lead@provider.example');
  await openOrganization(lead, 'acme', /Acme/);
  await lead.getByRole('link', { name: 'Liquidity back office' }).click();
  await expect(lead.getByRole('heading', { name: /Liquidity back office/ })).toBeVisible();
  await expectNoSeriousViolations(lead, 'liquidity back office', { afterLoading: true });

  await lead.getByRole('button', { name: 'New route' }).click();
  const routeDialog = lead.getByRole('dialog');
  await routeDialog.getByLabel('Route name').fill(routeName);
  await choose(lead, 'Corridor', /EUR/);
  await choose(lead, 'Chain', /Tron/i);
  await routeDialog.getByLabel('Counterparty').fill('Partner Bank AG');
  await routeDialog.getByRole('button', { name: 'Create route' }).click();
  await expect(routeDialog).toHaveCount(0);
  const route = lead.getByTestId('route-row').filter({ hasText: routeName });
  await expect(route).toBeVisible();

  await route.getByRole('button', { name: `Attach a proof to ${routeName}` }).click();
  const proofDialog = lead.getByRole('dialog');
  await proofDialog.getByLabel('Document').setInputFiles({
    name: `settlement-${stamp}.pdf`,
    mimeType: 'application/pdf',
    buffer: await simplePdf('Proof of settlement', [`Route ${stamp}`]),
  });
  await proofDialog.getByLabel('Settled at').fill('2026-11-20T10:30');
  await proofDialog.getByRole('button', { name: 'Upload proof' }).click();
  await expect(proofDialog).toHaveCount(0);
  await expect(route).toContainText(`settlement-${stamp}.pdf`);

  await lead.getByRole('button', { name: 'New loan' }).click();
  const loanDialog = lead.getByRole('dialog');
  await loanDialog.getByLabel('Principal (USDT)').fill('50000');
  await loanDialog.getByLabel('Interest rate (% a year)').fill('7.25');
  await loanDialog.getByLabel('Drawn (USDT)').fill('20000');
  await loanDialog.getByLabel('Starts on').fill('2026-11-01');
  await loanDialog.getByLabel('Due on').fill('2027-02-01');
  await loanDialog.getByRole('button', { name: 'Create loan' }).click();
  await expect(loanDialog).toHaveCount(0);
  const loan = lead.getByTestId('loan-row').first();
  await expect(loan).toContainText('50,000');
  await loan.getByRole('button', { name: /Record a repayment/ }).click();
  const repaymentDialog = lead.getByRole('dialog');
  await repaymentDialog.getByLabel('Amount repaid').fill('5000');
  await repaymentDialog.getByLabel('Paid at').fill('2026-11-22T09:00');
  await repaymentDialog.getByRole('button', { name: 'Record repayment' }).click();
  await expect(repaymentDialog).toHaveCount(0);
  await expect(lead.getByTestId('loan-row').first()).toContainText('15,000');
  await screenshot(lead, 'support-liquidity-back-office');

  const client = await browser.newPage();
  await signIn(client, 'admin@acme.example', '/proofs');
  const article = client.getByRole('article', { name: routeName });
  await expect(article).toBeVisible({ timeout: 20_000 });
  await expect(article).toContainText(`settlement-${stamp}.pdf`);
  await expect(article).toContainText('Active');

  // The lead takes the route out of use; the client sees it inactive, its proof still there.
  await route.getByRole('button', { name: `Deactivate ${routeName}` }).click();
  await lead.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(route).toContainText('Inactive');
  await expect(route.getByRole('button', { name: `Reactivate ${routeName}` })).toBeVisible();
  await client.reload();
  await expect(article).toContainText('Inactive', { timeout: 20_000 });
  await expect(article).toContainText(`settlement-${stamp}.pdf`);
});

test('the console pages have no serious accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'lead@provider.example', '/support/reviews');
  await expectNoSeriousViolations(page, '/support/reviews', { afterLoading: true });
  await page.getByTestId('review-row').first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Screening' })).toBeVisible();
  await expectNoSeriousViolations(page, 'review page', { afterLoading: true });
  await page.goto('/support/pricing');
  await expectNoSeriousViolations(page, '/support/pricing', { afterLoading: true });
});

test("a support lead sets an organization's margin from its directory page, finding it by name", async ({
  browser,
}) => {
  type Margin = { org_id: string; org_name: string; currency: string | null; margin_bps: string };
  const lead = await browser.newPage();
  await signIn(lead, 'lead@provider.example');
  const before = await json<{ margins: Margin[] }>(lead, 'GET', '/api/v2/support/pricing');
  const acmeJpy = before.margins.find((m) => m.org_name.startsWith('Acme') && m.currency === 'JPY');
  expect(acmeJpy, 'the seed gives Acme a JPY margin').toBeDefined();
  const changed = String(Number(acmeJpy!.margin_bps) + 1);

  try {
    // From the organization's page: its "Set margin" link opens the form with it already chosen.
    await lead.goto(`/support/organizations/${acmeJpy!.org_id}`);
    await lead.getByRole('link', { name: 'Set margin' }).click();
    await expect(lead).toHaveURL(new RegExp(`/support/pricing\\?org=${acmeJpy!.org_id}$`));
    const organization = lead.getByRole('combobox', { name: 'Organization' });
    await expect(organization).toHaveValue(acmeJpy!.org_name);

    // Searching by name on the server: another organization can be picked by typing part of its name…
    await organization.fill('globex');
    await expect(lead.getByRole('option', { name: /Globex/ })).toBeVisible();
    // …and Acme again the same way.
    await organization.fill('acme');
    await lead.getByRole('option', { name: new RegExp(acmeJpy!.org_name) }).click();
    await expect(organization).toHaveValue(acmeJpy!.org_name);

    await lead.getByRole('combobox', { name: 'Currency' }).click();
    await lead.getByRole('option', { name: 'JPY' }).click();
    await lead.getByLabel('Margin (bps)').fill(changed);
    await lead.getByRole('button', { name: 'Set margin' }).click();
    await expect(lead.getByText(`Margin set for ${acmeJpy!.org_name}`, { exact: true })).toBeVisible();
    const row = lead
      .getByRole('table', { name: 'Organization margins' })
      .getByRole('row')
      .filter({ hasText: acmeJpy!.org_id })
      .filter({ hasText: 'JPY' });
    await expect(row).toContainText(changed);
  } finally {
    const restored = await send(lead, 'PUT', '/api/v2/support/pricing/margins', {
      org_id: acmeJpy!.org_id,
      currency: 'JPY',
      margin_bps: acmeJpy!.margin_bps,
    });
    expect(restored.status()).toBe(200);
  }
});
