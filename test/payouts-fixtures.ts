// Owns payouts test fixtures: rates and corridors, an organization with ready profiles and a funded balance, and
// helpers that read what an integrator would check (balances, ledger sums).

import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { db } from '@/db/client';
import { corridors, fxRates, organizationMargins } from '@/db/schema/pricing';
import { beneficiaryProfiles, senderProfiles } from '@/db/schema/profiles';
import { getBalance } from '@/lib/ledger/server/balances';
import { now } from '@/lib/platform/clock';
import { newId } from '@/lib/platform/ids';
import { sealOptional } from '@/lib/profiles/server/sealed';
import { apiClient } from './api';
import { createTestOrganization, fund, type TestOrganization } from './fixtures';
import { queuedJobs } from './support/queued-jobs';

export const TEST_RATES = { EUR: '0.92', GBP: '0.79', JPY: '151.2', KWD: '0.3071' } as const;
export type TestCurrency = keyof typeof TEST_RATES;

/** A schedule with the usual percent parts (OUR 0.10 %, SHA 0.05 %, the client funding half the SHA fee). */
const fees = (ourFeeFixed: string, shaFeeFixed: string) => ({
  ourFeeFixed,
  ourFeePercent: '0.10',
  shaFeeFixed,
  shaFeePercent: '0.05',
  shaSenderShare: '0.5',
});

/** Fee schedules and limits; the EUR numbers match the hand-computed examples of lib/pricing/server/quote-engine.test.ts. */
const TEST_CORRIDORS: Record<TestCurrency, { min: string; max: string; fees: Record<string, string> }> = {
  EUR: {
    min: '10',
    max: '1000000',
    fees: fees('25', '15'),
  },
  GBP: {
    min: '10',
    max: '1000000',
    fees: fees('20', '12'),
  },
  JPY: {
    min: '1000',
    max: '200000000',
    fees: fees('4000', '2500'),
  },
  KWD: {
    min: '5',
    max: '300000',
    fees: fees('5', '3'),
  },
};

/** Rates (in force since a day ago) and active corridors, once per database. */
export async function ensurePricing(): Promise<void> {
  const effectiveAt = new Date(now().getTime() - 86_400_000);
  for (const [currency, unitsPerUsdt] of Object.entries(TEST_RATES) as [TestCurrency, string][]) {
    const existing = await db().select().from(corridors).where(eq(corridors.currency, currency));
    if (existing.length > 0) continue;
    await db().insert(fxRates).values({ currency, unitsPerUsdt, source: 'seed', effectiveAt });
    const spec = TEST_CORRIDORS[currency];
    await db()
      .insert(corridors)
      .values({
        name: `${currency} test corridor`,
        currency,
        minAmount: spec.min,
        maxAmount: spec.max,
        ...spec.fees,
      });
  }
}

export interface PayoutOrg extends TestOrganization {
  client: ReturnType<typeof apiClient>;
  senderId: string;
  /** A second ready sender, with its own EUR beneficiary. */
  otherSenderId: string;
  otherBeneficiaryId: string;
  beneficiaries: Record<TestCurrency, string>;
}

/** One request through an organization's API client, answered as its status and parsed JSON body — what the payouts
 * tests assert on. */
export async function callJson<T = unknown>(
  client: PayoutOrg['client'],
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await client.send(method, path, body === undefined ? {} : { body });
  return { status: response.status, body: (await response.json()) as T };
}

const readyReview = () => ({
  status: 'ready' as const,
  submittedAt: now(),
  reviewedAt: now(),
  reviewSource: 'sandbox_adapter' as const,
});

/** A sender profile of `orgId`, reviewed and ready, written directly (a GB company). */
export async function readySender(orgId: string, name: string): Promise<string> {
  const [row] = await db()
    .insert(senderProfiles)
    .values({
      orgId,
      type: 'company',
      legalName: name,
      registrationNumber: '12345678',
      country: 'GB',
      addressLine1: '1 Poultry',
      city: 'London',
      postalCode: 'EC2R 8EJ',
      ...readyReview(),
    })
    .returning({ id: senderProfiles.id });
  return row!.id;
}

export async function readyBeneficiary(
  orgId: string,
  senderId: string,
  currency: string,
  name = `${currency} Supplier Ltd`,
): Promise<string> {
  // Written directly (not through createBeneficiary) so one DE bank account can serve every test currency; the
  // IBAN is sealed to its row exactly as the profiles service stores it.
  const id = newId();
  const iban = sealOptional('DE89370400440532013000', 'beneficiary_profiles.iban', id);
  const [row] = await db()
    .insert(beneficiaryProfiles)
    .values({
      id,
      orgId,
      senderProfileId: senderId,
      type: 'company',
      name,
      country: 'DE',
      currency,
      bankName: 'Commerzbank',
      bankCountry: 'DE',
      iban: iban.sealed,
      ibanLast4: iban.last4,
      swiftBic: 'COBADEFFXXX',
      ...readyReview(),
    })
    .returning({ id: beneficiaryProfiles.id });
  return row!.id;
}

export async function setProfileStatus(
  kind: 'sender' | 'beneficiary',
  id: string,
  status: 'in_review' | 'ready',
): Promise<void> {
  const table = kind === 'sender' ? senderProfiles : beneficiaryProfiles;
  await db().update(table).set({ status }).where(eq(table.id, id));
}

/** An organization with an approver API key, ready profiles in every test currency, and `balance` USDT. */
export async function createPayoutOrg(
  options: { balance?: string; marginBps?: string; role?: 'member' | 'approver' } = {},
): Promise<PayoutOrg> {
  await ensurePricing();
  // Confirming needs an approver: asked for explicitly, whatever a new key's default role is.
  const org = await createTestOrganization({ role: options.role ?? 'approver' });
  await db()
    .insert(organizationMargins)
    .values({ orgId: org.orgId, currency: null, marginBps: options.marginBps ?? '45' });
  const senderId = await readySender(org.orgId, 'Test Sender Ltd');
  const otherSenderId = await readySender(org.orgId, 'Other Sender Ltd');
  const beneficiaries = {} as Record<TestCurrency, string>;
  for (const currency of Object.keys(TEST_RATES) as TestCurrency[])
    beneficiaries[currency] = await readyBeneficiary(org.orgId, senderId, currency);
  const otherBeneficiaryId = await readyBeneficiary(
    org.orgId,
    otherSenderId,
    'EUR',
    'Other Beneficiary GmbH',
  );
  if (options.balance) await fund(org.orgId, options.balance);
  return {
    ...org,
    client: apiClient(org.credentials),
    senderId,
    otherSenderId,
    otherBeneficiaryId,
    beneficiaries,
  };
}

/** One order item of a createBatch body. */
export function orderItem(
  org: PayoutOrg,
  amount: string,
  options: { currency?: TestCurrency; feeType?: 'OUR' | 'SHA'; clientReference?: string } = {},
) {
  const currency = options.currency ?? 'EUR';
  return {
    sender_profile_id: org.senderId,
    beneficiary_profile_id: org.beneficiaries[currency],
    beneficiary_amount: amount,
    beneficiary_currency: currency,
    fee_type: options.feeType ?? 'OUR',
    purpose_code: 'GDSP',
    ...(options.clientReference ? { client_reference: options.clientReference } : {}),
  };
}

export async function balanceOf(orgId: string) {
  return getBalance(db(), orgId);
}

/** Every ledger transaction sums to zero, and so does the whole ledger; no client account is negative. */
export async function ledgerInvariants(): Promise<{ total: string; unbalanced: number; negative: number }> {
  const [row] = await db().execute<{ total: string; unbalanced: number; negative: number }>(sql`
    select
      (select coalesce(sum(amount), 0)::text from ledger_entries) as total,
      (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id
        having sum(amount) <> 0) x) as unbalanced,
      (select count(*)::int from ledger_accounts where org_id is not null and balance < 0) as negative`);
  return row!;
}

/** The batch's queued jobs (keyed `<task>:<batch id>`), through graphile-worker's public jobs view. */
export async function jobsFor(batchId: string): Promise<{ task_identifier: string; key: string | null }[]> {
  return (await queuedJobs({ keySuffix: batchId })).map(({ task_identifier, key }) => ({
    task_identifier,
    key,
  }));
}

/**
 * A draft batch of `count` orders: one created through the API, the rest copied from it in one statement (creating
 * thousands of orders through createBatch is not what the tests that need them are about, and copies share one
 * created_at, so an export's keyset must order them by id).
 */
export async function draftBatch(org: PayoutOrg, count: number): Promise<void> {
  const created = await org.client.send('POST', '/api/v2/payouts', {
    body: { orders: [orderItem(org, '100.00')] },
  });
  expect(created.status).toBe(201);
  const { batch } = (await created.json()) as { batch: { id: string } };
  const columns = await db().execute<{ name: string }>(sql`
    select column_name as name from information_schema.columns
    where table_name = 'payout_orders' and column_name not in ('id', 'line_number') and is_generated = 'NEVER'
    order by ordinal_position`);
  const list = columns.map(({ name }) => `"${name}"`).join(', ');
  await db().execute(
    sql.raw(`insert into payout_orders (id, line_number, ${list})
      select gen_random_uuid(), n, ${list} from payout_orders, generate_series(2, ${count}) n
      where batch_id = '${batch.id}' and line_number = 1`),
  );
}
