// Steps of the payouts browser tests that set up state through the same /api/v2 the pages call, with the signed-in
// page's session (a same-origin browser request: Origin is the app's, every POST has an Idempotency-Key).
import { expect, type Page } from '@playwright/test';
import { signIn } from './helpers';

interface Beneficiary {
  id: string;
  name: string;
  sender_profile_id: string;
  currency: string;
  status: string;
}

export interface BatchWithOrders {
  batch: { id: string; status: string; source_amount_total: string; quote_expires_at: string };
  orders: { id: string; status: string; failure_message: string | null; source_amount: string }[];
}

function origin(page: Page): string {
  return new URL(page.url()).origin;
}

export async function apiPost<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const response = await page.request.post(path, {
    headers: {
      origin: origin(page),
      'idempotency-key': crypto.randomUUID(),
      'content-type': 'application/json',
    },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok(), `${path} answered ${response.status()}: ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

export async function beneficiaries(page: Page): Promise<Beneficiary[]> {
  const response = await page.request.get('/api/v2/beneficiaries?limit=100');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: Beneficiary[] }).items;
}

export async function beneficiaryNamed(page: Page, name: string): Promise<Beneficiary> {
  const found = (await beneficiaries(page)).find((b) => b.name === name);
  if (!found) throw new Error(`no beneficiary named ${name}`);
  return found;
}

/** A draft batch of one order per amount, paid to the named beneficiary. */
export async function createDraft(
  page: Page,
  beneficiaryName: string,
  amounts: string[],
  reference?: string,
): Promise<BatchWithOrders> {
  const b = await beneficiaryNamed(page, beneficiaryName);
  return apiPost<BatchWithOrders>(page, '/api/v2/payouts', {
    ...(reference ? { client_reference: reference } : {}),
    orders: amounts.map((amount, index) => ({
      sender_profile_id: b.sender_profile_id,
      beneficiary_profile_id: b.id,
      beneficiary_amount: amount,
      beneficiary_currency: b.currency,
      fee_type: 'OUR',
      purpose_code: 'GDSP',
      client_reference: `e2e-${index + 1}`,
    })),
  });
}

export const confirm = (page: Page, batchId: string) =>
  apiPost<BatchWithOrders>(page, `/api/v2/payouts/${batchId}/confirm`);

export const advance = (page: Page, batchId: string) =>
  apiPost<BatchWithOrders>(page, `/api/v2/sandbox/payouts/${batchId}/advance`);

/** Acme's second admin, who approves another admin's change that weakens the approval rules. */
const SECOND_ADMIN = 'cfo@acme.example';

/**
 * Changes Acme's approval policy as the signed-in admin. A change that weakens it (switching a control off) waits for
 * another admin (202 with the pending change, DESIGN "Rules"): Acme's second admin approves it in a browser of their
 * own, so a test that switched a control on for itself leaves the organization as it found it.
 */
export async function changeApprovalPolicy(page: Page, change: Record<string, unknown>): Promise<void> {
  const response = await page.request.patch('/api/v2/organizations/me/approval-policy', {
    headers: { origin: origin(page), 'content-type': 'application/json' },
    data: JSON.stringify(change),
  });
  expect(response.ok(), await response.text()).toBe(true);
  if (response.status() !== 202) return;
  const { pending_change_id: changeId } = (await response.json()) as { pending_change_id: string };
  await approveAsSecondAdmin(page, changeId);
}

/** Acme's second admin, in a browser of their own, approves a waiting change to the approval rules. */
export async function approveAsSecondAdmin(page: Page, changeId: string): Promise<void> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: origin(page) });
  try {
    const second = await context.newPage();
    await signIn(second, SECOND_ADMIN);
    await apiPost(second, `/api/v2/organizations/me/approval-rules/changes/${changeId}/approve`);
  } finally {
    await context.close();
  }
}

/** Maker-checker on or off for the signed-in (admin's) organization. */
export const setApprovalPolicy = (page: Page, requireSeparateConfirmer: boolean) =>
  changeApprovalPolicy(page, { require_separate_confirmer: requireSeparateConfirmer, threshold_usdt: null });
