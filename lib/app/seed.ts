// Owns the sandbox demo seed: the demo organizations and everything in them, created once in one transaction.
import { asc, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import '@/lib/app/register';
import { db, type Executor } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { seedDeposits } from '@/lib/funding/server';
import {
  DEMO_LOGINS,
  DEMO_ORGANIZATIONS,
  DEMO_PASSWORD,
  hashDemoPasswords,
  seedPeople,
} from '@/lib/identity/server';
import { systemAccount } from '@/lib/ledger/server';
import { seedLiquidity } from '@/lib/liquidity/server';
import { seedPayouts } from '@/lib/payouts/server';
import { ensureSandboxChains } from '@/lib/platform/chains/sandbox-chains';
import { now } from '@/lib/platform/clock';
import { isSandbox } from '@/lib/platform/env';
import { SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { seedContext } from '@/lib/platform/seed/context';
import { seedPricing } from '@/lib/pricing/server';
import { seedProfiles } from '@/lib/profiles/server';

export { DEMO_LOGINS, DEMO_PASSWORD } from '@/lib/identity/server';

/** Fixed key of the transaction-level advisory lock that serializes seeders (the migrator uses …001). */
export const DEMO_SEED_LOCK_KEY = 7_240_915_002;
/**
 * The marker: written last, in the seed's own transaction, so it exists exactly when the demo data committed. Its
 * data keeps the summary, so a later run answers with the same summary without counting anything.
 */
export const DEMO_SEED_MARKER_EVENT = 'sandbox.demo_data_seeded';
/** The marker's name before the event catalogue; a database seeded then still counts as seeded. */
const LEGACY_DEMO_SEED_MARKER_EVENT = 'sandbox.demo_data.seeded';

export interface SeedSummary {
  /** False when the demo data already existed and nothing was written. */
  created: boolean;
  /** Acme Trading Ltd, the demo organization. */
  org_id: string;
  /** Globex Imports GmbH, the second (payouts-only) organization. */
  second_org_id: string;
  password: string;
  logins: { email: string; role: string; organization: string | null }[];
  counts: Record<string, number>;
}

const markerData = z.object({
  second_org_id: z.string(),
  counts: z.record(z.string(), z.number()),
});

function summary(created: boolean, orgId: string, data: z.infer<typeof markerData>): SeedSummary {
  return {
    created,
    org_id: orgId,
    second_org_id: data.second_org_id,
    password: DEMO_PASSWORD,
    logins: DEMO_LOGINS.map((login) => ({
      email: login.email,
      role: login.role,
      organization: login.organization ? DEMO_ORGANIZATIONS[login.organization].name : null,
    })),
    counts: data.counts,
  };
}

async function findSeeded(executor: Executor): Promise<SeedSummary | undefined> {
  const [marker] = await executor
    .select({ orgId: events.orgId, data: events.data })
    .from(events)
    .where(inArray(events.type, [DEMO_SEED_MARKER_EVENT, LEGACY_DEMO_SEED_MARKER_EVENT]))
    .orderBy(asc(events.createdAt))
    .limit(1);
  if (!marker?.orgId) return undefined;
  return summary(false, marker.orgId, markerData.parse(marker.data));
}

/**
 * Creates the demo data once; every later call (or a concurrent one) changes nothing and returns the same summary.
 * Sandbox mode only. `executor` may be a caller's transaction (the seed then runs in a savepoint of it).
 */
export async function seedDemoData(executor: Executor = db()): Promise<SeedSummary> {
  if (!isSandbox()) throw new Error('the demo seed runs only in sandbox mode (APP_ENV=sandbox)');
  // The common case after the first start: nothing to do, and no reason to pay for password hashing.
  const existing = await findSeeded(executor);
  if (existing) return existing;
  const passwordHashes = await hashDemoPasswords();

  return executor.transaction(async (tx) => {
    // A second seeder waits here until the first commits, then finds the marker below.
    // A second seeder waits for the first however long it takes (the app's lock_timeout is for requests).
    await tx.execute(sql`set local lock_timeout = 0`);
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
    const seeded = await findSeeded(tx);
    if (seeded) return seeded;

    await ensureSandboxChains(tx);
    const ctx = seedContext(tx, now(), {
      custody: await systemAccount(tx, 'custody_external'),
      settlement: await systemAccount(tx, 'settlement'),
      payoutRail: await systemAccount(tx, 'payout_rail_external'),
    });
    const people = await seedPeople(ctx, passwordHashes);
    const profiles = await seedProfiles(ctx, people);
    const pricing = await seedPricing(ctx, people);
    const deposits = await seedDeposits(ctx, people);
    const payouts = await seedPayouts(ctx, people, profiles, pricing);
    const liquidity = await seedLiquidity(ctx, people, pricing);

    const counts: Record<string, number> = {
      organizations: Object.keys(people.orgs).length,
      users: Object.keys(people.users).length,
      api_keys: 1,
      sender_profiles: Object.keys(profiles.senders).length,
      beneficiary_profiles: Object.keys(profiles.beneficiaries).length,
      fx_rates: pricing.insertedRates,
      corridors: pricing.insertedCorridors,
      organization_margins: pricing.insertedMargins,
      deposits,
      payout_batches: payouts.batches,
      payout_orders: payouts.orders,
      wallets: liquidity.wallets,
      withdrawal_requests: liquidity.withdrawalRequests,
      withdrawals: liquidity.withdrawals,
      loans: liquidity.loans,
      loan_repayments: liquidity.loanRepayments,
      settlement_routes: liquidity.settlementRoutes,
      settlement_proofs: liquidity.settlementProofs,
      files: liquidity.files,
      utilization_proofs: liquidity.utilizationProofs,
    };
    const data = { second_org_id: people.orgs.globex, counts };
    await recordEvent(tx, {
      orgId: people.orgs.acme,
      type: DEMO_SEED_MARKER_EVENT,
      actor: SYSTEM_ACTOR,
      subjectId: people.orgs.acme,
      data,
    });
    return summary(true, people.orgs.acme, data);
  });
}
