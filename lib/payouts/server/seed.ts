// Owns the demo's payout batches: one in every batch status, made through the payouts services (createBatch, confirm,
// the sandbox advance, the expiry sweeps) at the moments of the demo's story, with the sandbox's magic amounts
// (…666 fails at the bank, …777 is never funded, …555 waits for an advance) choosing each order's path.

import type { FeeType, OrderStatus, PurposeCode } from '@/db/schema/payouts';
import type { DemoOrgKey, DemoUserKey, SeededPeople, ServiceActor } from '@/lib/identity/server';
import { systemActor } from '@/lib/identity/server';
import { confirmBatch } from '@/lib/payouts/server/confirm-batch';
import { createBatch } from '@/lib/payouts/server/create-batch';
import { advanceOrder, expireDrafts, expireFunding } from '@/lib/payouts/server/lifecycle';
import { sandboxPath } from '@/lib/platform/adapters/sandbox-magic';
import { atBusinessTime } from '@/lib/platform/clock';
import type { SeedContext } from '@/lib/platform/seed/context';
import { addMinutes, days, hours, minutesBefore } from '@/lib/platform/seed/time';
import type { SeededPricing } from '@/lib/pricing/server';

/** Who acted: a demo user, or the organization's integration key (Acme's ERP). */
export type DemoActor = { user: DemoUserKey } | { apiKey: 'acmeErp' };

/**
 * The demo beneficiaries orders pay, by their seed key, as the profiles seed made them: the composition root passes
 * them in (lib/app/seed.ts), so payouts does not import the profiles area it is imported by.
 */
export interface DemoBeneficiaries {
  beneficiaries: Readonly<Record<string, { id: string; senderProfileId: string; currency: string }>>;
}

export interface DemoOrderSpec {
  /** A key of the profiles seed's demo beneficiaries (`rhein`, `thames`, …). */
  beneficiary: string;
  /** In the beneficiary's currency, at its minor units. */
  amount: string;
  feeType: FeeType;
  purpose: PurposeCode;
  /** Where the order ends up; its amount must take it there (FAILED …666, confirmed CANCELLED_EXPIRED …777, open …555). */
  status: OrderStatus;
  clientReference?: string;
}

export interface DemoBatchSpec {
  org: DemoOrgKey;
  clientReference: string | null;
  createdMinutesAgo: number;
  createdBy: DemoActor;
  /** Null: never confirmed (a draft, or a draft that expired whole). */
  confirmedBy: DemoActor | null;
  orders: readonly DemoOrderSpec[];
}

const ERP: DemoActor = { apiKey: 'acmeErp' };

/** Oldest first. Between them every BatchStatus and every OrderStatus appears. */
export const DEMO_BATCHES: readonly DemoBatchSpec[] = [
  {
    org: 'acme',
    clientReference: 'SUP-RUN-0038',
    createdMinutesAgo: days(20) + hours(3),
    createdBy: { user: 'acmeMember' },
    confirmedBy: null,
    orders: [
      {
        beneficiary: 'rhein',
        amount: '9900.00',
        feeType: 'OUR',
        purpose: 'GDSP',
        status: 'CANCELLED_EXPIRED',
      },
    ],
  },
  {
    org: 'acme',
    clientReference: 'SUP-RUN-0039',
    createdMinutesAgo: days(16) + hours(4),
    createdBy: { user: 'acmeMember' },
    confirmedBy: { user: 'acmeApprover' },
    orders: [
      {
        beneficiary: 'rhein',
        amount: '31250.00',
        feeType: 'OUR',
        purpose: 'GDSP',
        status: 'COMPLETED',
        clientReference: 'INV-RL-4471',
      },
      {
        beneficiary: 'sakura',
        amount: '1750000',
        feeType: 'OUR',
        purpose: 'GDSP',
        status: 'COMPLETED',
        clientReference: 'PO-88213',
      },
    ],
  },
  {
    org: 'acme',
    clientReference: 'CONTRACTORS-0012',
    createdMinutesAgo: days(13) + hours(2),
    createdBy: ERP,
    confirmedBy: ERP,
    orders: [
      { beneficiary: 'mumbai', amount: '380000.00', feeType: 'SHA', purpose: 'TECH', status: 'COMPLETED' },
      {
        beneficiary: 'maquiladora',
        amount: '62500.00',
        feeType: 'SHA',
        purpose: 'LGST',
        status: 'COMPLETED',
      },
      { beneficiary: 'thames', amount: '5600.00', feeType: 'SHA', purpose: 'RENT', status: 'COMPLETED' },
    ],
  },
  {
    org: 'acme',
    clientReference: 'SUP-RUN-0041',
    createdMinutesAgo: days(9) + hours(5),
    createdBy: { user: 'acmeMember' },
    confirmedBy: { user: 'acmeApprover' },
    orders: [
      {
        beneficiary: 'rhein',
        amount: '48000.00',
        feeType: 'OUR',
        purpose: 'GDSP',
        status: 'COMPLETED',
        clientReference: 'INV-RL-4502',
      },
      { beneficiary: 'thames', amount: '15750.00', feeType: 'OUR', purpose: 'RENT', status: 'COMPLETED' },
      { beneficiary: 'mumbai', amount: '2100000.00', feeType: 'SHA', purpose: 'GDSP', status: 'COMPLETED' },
      { beneficiary: 'hudson', amount: '22400.00', feeType: 'OUR', purpose: 'TECH', status: 'COMPLETED' },
    ],
  },
  {
    org: 'globex',
    clientReference: 'GLX-PAY-0014',
    createdMinutesAgo: days(7) + hours(1),
    createdBy: { user: 'globexAdmin' },
    confirmedBy: { user: 'globexAdmin' },
    orders: [
      { beneficiary: 'alpen', amount: '7500.00', feeType: 'OUR', purpose: 'GDSP', status: 'COMPLETED' },
    ],
  },
  {
    org: 'acme',
    clientReference: 'OPS-RUN-0007',
    createdMinutesAgo: days(5) + hours(6),
    createdBy: { user: 'acmeMember' },
    confirmedBy: { user: 'acmeApprover' },
    orders: [
      { beneficiary: 'elodie', amount: '6800.00', feeType: 'SHA', purpose: 'CONS', status: 'COMPLETED' },
      { beneficiary: 'thames', amount: '2350.00', feeType: 'OUR', purpose: 'UTIL', status: 'COMPLETED' },
      {
        beneficiary: 'hudson',
        amount: '12666.00',
        feeType: 'OUR',
        purpose: 'TECH',
        status: 'FAILED',
      },
      {
        beneficiary: 'maquiladora',
        amount: '95777.00',
        feeType: 'SHA',
        purpose: 'LGST',
        status: 'CANCELLED_EXPIRED',
      },
    ],
  },
  {
    org: 'acme',
    clientReference: 'APAC-RUN-0003',
    createdMinutesAgo: days(3) + hours(2),
    createdBy: { user: 'acmeAdmin' },
    confirmedBy: { user: 'acmeAdmin' },
    orders: [
      {
        beneficiary: 'sakura',
        amount: '850666',
        feeType: 'OUR',
        purpose: 'GDSP',
        status: 'FAILED',
      },
      {
        beneficiary: 'mumbai',
        amount: '450777.00',
        feeType: 'SHA',
        purpose: 'GDSP',
        status: 'CANCELLED_EXPIRED',
      },
    ],
  },
  {
    org: 'acme',
    clientReference: 'ERP-BATCH-0193',
    createdMinutesAgo: 8,
    createdBy: ERP,
    confirmedBy: ERP,
    orders: [
      {
        beneficiary: 'mumbai',
        amount: '1250555.00',
        feeType: 'SHA',
        purpose: 'GDSP',
        status: 'AWAITING_DEPOSIT',
      },
      {
        beneficiary: 'maquiladora',
        amount: '185555.00',
        feeType: 'OUR',
        purpose: 'LGST',
        status: 'DEPOSIT_RECEIVED',
      },
      {
        beneficiary: 'sakura',
        amount: '2400555',
        feeType: 'OUR',
        purpose: 'GDSP',
        status: 'PAYING_BENEFICIARY',
      },
      {
        beneficiary: 'elodie',
        amount: '2555.00',
        feeType: 'SHA',
        purpose: 'CONS',
        status: 'AWAITING_DEPOSIT',
      },
    ],
  },
  {
    org: 'acme',
    clientReference: 'SUP-RUN-0044',
    createdMinutesAgo: 12,
    createdBy: { user: 'acmeMember' },
    confirmedBy: null,
    orders: [
      {
        beneficiary: 'rhein',
        amount: '12500.00',
        feeType: 'OUR',
        purpose: 'GDSP',
        status: 'DRAFT',
        clientReference: 'INV-RL-4533',
      },
      { beneficiary: 'thames', amount: '4200.00', feeType: 'SHA', purpose: 'LGST', status: 'DRAFT' },
      { beneficiary: 'hudson', amount: '8750.00', feeType: 'OUR', purpose: 'TECH', status: 'DRAFT' },
    ],
  },
];

export interface SeededPayouts {
  batches: number;
  orders: number;
}

function actorOf(actor: DemoActor, orgId: string, people: SeededPeople): ServiceActor {
  const user = 'user' in actor ? people.users[actor.user] : null;
  const apiKey = 'user' in actor ? null : people.acmeApiKeyId;
  return {
    orgId,
    userId: user,
    apiKeyId: apiKey,
    personId: user ?? apiKey,
    audit: { actorType: user ? 'user' : 'api_key', actorId: user ?? apiKey, impersonationSessionId: null },
    requestId: null,
  };
}

/** Advances each order needs from AWAITING_DEPOSIT to its demo status (0 for CANCELLED_EXPIRED: it expires). */
const STEPS: Partial<Record<OrderStatus, number>> = {
  AWAITING_DEPOSIT: 0,
  DEPOSIT_RECEIVED: 1,
  PAYING_BENEFICIARY: 2,
  COMPLETED: 3,
  FAILED: 3,
  CANCELLED_EXPIRED: 0,
};

/** The path a magic amount takes must lead to the status the spec wants, or the demo would lie. */
function assertReachable(spec: DemoBatchSpec, order: DemoOrderSpec): void {
  const path = sandboxPath(order.amount);
  const confirmed = spec.confirmedBy !== null;
  const ok = !confirmed
    ? order.status === 'DRAFT' || order.status === 'CANCELLED_EXPIRED'
    : {
        DRAFT: false,
        AWAITING_DEPOSIT: path === 'manual',
        DEPOSIT_RECEIVED: path === 'manual',
        PAYING_BENEFICIARY: path === 'manual',
        COMPLETED: path === 'complete' || path === 'manual',
        FAILED: path === 'fail',
        CANCELLED_EXPIRED: path === 'never_funded',
      }[order.status];
  if (!ok) throw new Error(`demo order ${order.amount} cannot end ${order.status} (path ${path})`);
}

export async function seedPayouts(
  ctx: SeedContext,
  people: SeededPeople,
  profiles: DemoBeneficiaries,
  _pricing: SeededPricing,
): Promise<SeededPayouts> {
  let orders = 0;
  for (const spec of DEMO_BATCHES) {
    await seedBatch(ctx, spec, people, profiles);
    orders += spec.orders.length;
  }
  return { batches: DEMO_BATCHES.length, orders };
}

async function seedBatch(
  ctx: SeedContext,
  spec: DemoBatchSpec,
  people: SeededPeople,
  profiles: DemoBeneficiaries,
): Promise<void> {
  const orgId = people.orgs[spec.org];
  for (const order of spec.orders) assertReachable(spec, order);
  // Every moment is strictly before the seed's "now", so nothing it writes is in the future.
  const latest = addMinutes(ctx.at, -0.1);
  const clamp = (date: Date) => (date < latest ? date : latest);
  const createdAt = minutesBefore(ctx.at, spec.createdMinutesAgo);

  const created = await atBusinessTime(createdAt, () =>
    createBatch(ctx.tx, actorOf(spec.createdBy, orgId, people), {
      ...(spec.clientReference ? { client_reference: spec.clientReference } : {}),
      orders: spec.orders.map((order) => {
        const beneficiary = profiles.beneficiaries[order.beneficiary];
        if (!beneficiary)
          throw new Error(`the demo batch names an unknown beneficiary: ${order.beneficiary}`);
        return {
          sender_profile_id: beneficiary.senderProfileId,
          beneficiary_profile_id: beneficiary.id,
          beneficiary_amount: order.amount,
          beneficiary_currency: beneficiary.currency,
          fee_type: order.feeType,
          purpose_code: order.purpose,
          ...(order.clientReference ? { client_reference: order.clientReference } : {}),
        };
      }),
    }),
  );
  const batchId = created.batch.id;

  if (!spec.confirmedBy) {
    // A draft that expired whole did so when its validity ran out, by the sweep.
    if (spec.orders.every((order) => order.status === 'CANCELLED_EXPIRED'))
      await atBusinessTime(addMinutes(createdAt, ctx.draftTtlDays * 24 * 60), () =>
        expireDrafts(ctx.tx, orgId, [batchId]),
      );
    return;
  }

  // Confirmed within the quote's validity; each sandbox step a few minutes later, the payment hours after.
  const confirmedAt = clamp(addMinutes(createdAt, Math.min(20, spec.createdMinutesAgo / 2)));
  await atBusinessTime(confirmedAt, () =>
    confirmBatch(ctx.tx, actorOf(spec.confirmedBy!, orgId, people), batchId),
  );
  const stepAt = [addMinutes(confirmedAt, 5), addMinutes(confirmedAt, 12), addMinutes(confirmedAt, hours(3))];
  for (let step = 1; step <= 3; step += 1) {
    for (const [index, order] of spec.orders.entries()) {
      if ((STEPS[order.status] ?? 0) < step) continue;
      await atBusinessTime(clamp(stepAt[step - 1]!), () =>
        advanceOrder(ctx.tx, systemActor(orgId), created.orders[index]!.id),
      );
    }
  }
  // Never-funded orders expire at their deadline, by the sweep.
  if (spec.orders.some((order) => order.status === 'CANCELLED_EXPIRED'))
    await atBusinessTime(clamp(addMinutes(confirmedAt, ctx.fundingWindowMinutes)), () =>
      expireFunding(ctx.tx, orgId, [batchId]),
    );
}
