// Owns the demo's payout batches: one in every batch status, each order quoted by the documented formula, with the
// ledger movements its lifecycle implies (hold, sweep, payout, release, return) and its cached status and counts.

import type { FeeType, OrderPartiesSnapshot, OrderStatus, PurposeCode } from '@/db/schema/payouts';
import { orderQuotes, payoutBatches, payoutOrders } from '@/db/schema/payouts';
import { type AuditActor, apiKeyAuditActor, SYSTEM_ACTOR, userAuditActor } from '@/lib/events/audit-actor';
import { statusEventType } from '@/lib/events/define';
import { recordEvent } from '@/lib/events/record-event';
import { Decimal, formatUsdt } from '@/lib/money';
import { deriveBatchStatus } from '@/lib/payouts/batch-status';
import { move, orgAccounts, type SeedContext } from './context';
import type { DemoOrgKey, DemoUserKey, SeededPeople } from './people';
import { type DemoCurrency, demoMarginBps, type SeededPricing } from './pricing';
import type { BeneficiaryKey, BeneficiaryRow, SeededProfiles, SenderRow } from './profiles';
import { quoteOrder } from './quote-math';
import { addMinutes, days, hours, idAt, minutesBefore } from './time';

/** Who acted: a demo user, or the organization's integration key (Acme's ERP). */
export type DemoActor = { user: DemoUserKey } | { apiKey: 'acmeErp' };

export interface DemoOrderSpec {
  beneficiary: BeneficiaryKey;
  /** In the beneficiary's currency, at its minor units. */
  amount: string;
  feeType: FeeType;
  purpose: PurposeCode;
  status: OrderStatus;
  /**
   * FAILED only: the displayable message, and how far the money got. `before_sweep`: stopped while still held, so
   * the hold is released; `after_sweep`: the rail refused it after the sweep, so settlement returns it.
   */
  failure?: { message: string; stage: 'before_sweep' | 'after_sweep' };
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
        amount: '12000.00',
        feeType: 'OUR',
        purpose: 'TECH',
        status: 'FAILED',
        failure: {
          message:
            "The beneficiary's bank returned the payment because the account is closed. Check the account details with the beneficiary.",
          stage: 'after_sweep',
        },
      },
      {
        beneficiary: 'maquiladora',
        amount: '95000.00',
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
        amount: '850000',
        feeType: 'OUR',
        purpose: 'GDSP',
        status: 'FAILED',
        failure: {
          message:
            'The payment was stopped by compliance screening and not sent. Contact support quoting the order id.',
          stage: 'before_sweep',
        },
      },
      {
        beneficiary: 'mumbai',
        amount: '450000.00',
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
        amount: '1250000.00',
        feeType: 'SHA',
        purpose: 'GDSP',
        status: 'AWAITING_DEPOSIT',
      },
      {
        beneficiary: 'maquiladora',
        amount: '185000.00',
        feeType: 'OUR',
        purpose: 'LGST',
        status: 'DEPOSIT_RECEIVED',
      },
      {
        beneficiary: 'sakura',
        amount: '2400000',
        feeType: 'OUR',
        purpose: 'GDSP',
        status: 'PAYING_BENEFICIARY',
      },
      {
        beneficiary: 'elodie',
        amount: '2000.00',
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

function partiesSnapshot(sender: SenderRow, beneficiary: BeneficiaryRow): OrderPartiesSnapshot {
  return {
    sender: {
      legalName: sender.legalName,
      type: sender.type,
      country: sender.country,
      registrationNumber: sender.registrationNumber,
    },
    beneficiary: {
      name: beneficiary.name,
      type: beneficiary.type,
      country: beneficiary.country,
      addressLine1: beneficiary.addressLine1,
      addressLine2: beneficiary.addressLine2,
      city: beneficiary.city,
      postalCode: beneficiary.postalCode,
      region: beneficiary.region,
      bankName: beneficiary.bankName,
      bankCountry: beneficiary.bankCountry,
      iban: beneficiary.iban,
      swiftBic: beneficiary.swiftBic,
      accountNumber: beneficiary.accountNumber,
      routingCode: beneficiary.routingCode,
      routingCodeType: beneficiary.routingCodeType,
    },
  };
}

export async function seedPayouts(
  ctx: SeedContext,
  people: SeededPeople,
  profiles: SeededProfiles,
  pricing: SeededPricing,
): Promise<SeededPayouts> {
  let orders = 0;
  for (const spec of DEMO_BATCHES) {
    await seedBatch(ctx, spec, people, profiles, pricing);
    orders += spec.orders.length;
  }
  return { batches: DEMO_BATCHES.length, orders };
}

function actorOf(actor: DemoActor, people: SeededPeople): AuditActor {
  return 'user' in actor ? userAuditActor(people.users[actor.user]) : apiKeyAuditActor(people.acmeApiKeyId);
}

function creatorColumns(actor: DemoActor, people: SeededPeople) {
  return 'user' in actor
    ? { createdByUserId: people.users[actor.user] }
    : { createdByApiKeyId: people.acmeApiKeyId };
}

function confirmerColumns(actor: DemoActor, people: SeededPeople) {
  return 'user' in actor
    ? { confirmedByUserId: people.users[actor.user] }
    : { confirmedByApiKeyId: people.acmeApiKeyId };
}

const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);
const latest = (dates: Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));

async function seedBatch(
  ctx: SeedContext,
  spec: DemoBatchSpec,
  people: SeededPeople,
  profiles: SeededProfiles,
  pricing: SeededPricing,
): Promise<void> {
  const orgId = people.orgs[spec.org];
  // A draft that expired whole must have passed its validity, whatever DRAFT_BATCH_TTL_DAYS says.
  const expiredDraft =
    spec.confirmedBy === null && spec.orders.every((o) => o.status === 'CANCELLED_EXPIRED');
  const createdAt = expiredDraft
    ? earliest(
        minutesBefore(ctx.at, spec.createdMinutesAgo),
        minutesBefore(ctx.at, days(ctx.draftTtlDays) + hours(1)),
      )
    : minutesBefore(ctx.at, spec.createdMinutesAgo);
  const batchId = idAt(createdAt);
  const quoteExpiresAt = addMinutes(createdAt, ctx.quoteTtlMinutes);
  const draftExpiresAt = addMinutes(createdAt, days(ctx.draftTtlDays));
  // Approvers confirm within the quote's validity (a stale quote would be refused).
  const confirmedAt = spec.confirmedBy
    ? addMinutes(createdAt, Math.max(1, Math.min(2, ctx.quoteTtlMinutes - 1)))
    : null;
  const fundingDeadline = confirmedAt ? addMinutes(confirmedAt, ctx.fundingWindowMinutes) : null;
  const clamp = (date: Date) => earliest(date, ctx.at);

  const lines = spec.orders.map((order, index) => {
    const beneficiary = profiles.beneficiaries[order.beneficiary];
    const sender = Object.values(profiles.senders).find((row) => row.id === beneficiary.senderProfileId);
    if (!sender) throw new Error(`demo beneficiary ${order.beneficiary} has no sender`);
    if (beneficiary.status !== 'ready' || sender.status !== 'ready') {
      throw new Error(`demo order pays ${order.beneficiary}, which is not ready`);
    }
    const currency = beneficiary.currency as DemoCurrency;
    const corridor = pricing.corridors[currency];
    const rate = pricing.rates[currency];
    const marginBps = demoMarginBps(spec.org, currency);
    const quote = quoteOrder({
      beneficiaryAmount: order.amount,
      currency,
      feeType: order.feeType,
      unitsPerUsdt: rate.unitsPerUsdt,
      marginBps,
      fees: corridor.fees,
    });
    return {
      id: idAt(createdAt),
      lineNumber: index + 1,
      spec: order,
      sender,
      beneficiary,
      currency,
      corridor,
      rate,
      marginBps,
      quote,
    };
  });
  const total = lines.reduce((sum, line) => sum.plus(line.quote.sourceAmount), new Decimal(0));
  const tally = deriveBatchStatus(
    lines.map((line) => line.spec.status),
    confirmedAt !== null,
  );

  const accounts = await orgAccounts(ctx, orgId);
  let holdTransactionId: string | null = null;
  if (confirmedAt) {
    holdTransactionId = await move(ctx, {
      orgId,
      type: 'batch_hold',
      from: accounts.available,
      to: accounts.held,
      amount: total.toFixed(),
      description: `Hold for payout batch ${spec.clientReference ?? batchId}`,
      referenceType: 'batch',
      referenceId: batchId,
      occurredAt: confirmedAt,
    });
  }

  const orderRows: (typeof payoutOrders.$inferInsert)[] = [];
  for (const line of lines) {
    const updatedAt = await seedOrderLifecycle(ctx, {
      orgId,
      orderId: line.id,
      lineNumber: line.lineNumber,
      spec: line.spec,
      amount: line.quote.sourceAmount,
      accounts,
      createdAt,
      confirmedAt,
      fundingDeadline,
      draftExpiresAt,
      clamp,
    });
    const sentToRail =
      ['PAYING_BENEFICIARY', 'COMPLETED'].includes(line.spec.status) ||
      line.spec.failure?.stage === 'after_sweep';
    orderRows.push({
      id: line.id,
      batchId,
      orgId,
      lineNumber: line.lineNumber,
      senderProfileId: line.sender.id,
      beneficiaryProfileId: line.beneficiary.id,
      feeType: line.spec.feeType,
      purposeCode: line.spec.purpose,
      beneficiaryAmount: line.spec.amount,
      beneficiaryCurrency: line.currency,
      feeAmount: line.quote.feeAmount,
      sourceAmount: line.quote.sourceAmount,
      status: line.spec.status,
      failureMessage: line.spec.status === 'FAILED' ? (line.spec.failure?.message ?? null) : null,
      // Set at confirmation (the funding deadline); a draft, confirmed or expired whole, never had one.
      expiresAt: confirmedAt ? fundingDeadline : null,
      clientReference: line.spec.clientReference ?? null,
      railReference: sentToRail ? `sbx_rail_${line.id.replaceAll('-', '')}` : null,
      parties: partiesSnapshot(line.sender, line.beneficiary),
      createdAt,
      updatedAt,
    });
  }

  await ctx.tx.insert(payoutBatches).values({
    id: batchId,
    orgId,
    status: tally.status,
    totalCount: tally.totalCount,
    completedCount: tally.completedCount,
    failedCount: tally.failedCount,
    clientReference: spec.clientReference,
    totalSourceAmount: formatUsdt(total),
    quoteExpiresAt,
    draftExpiresAt,
    ...creatorColumns(spec.createdBy, people),
    confirmedAt,
    ...(spec.confirmedBy ? confirmerColumns(spec.confirmedBy, people) : {}),
    holdTransactionId,
    createdAt,
    updatedAt: latest([
      createdAt,
      ...(confirmedAt ? [confirmedAt] : []),
      ...orderRows.map((row) => row.updatedAt!),
    ]),
  });
  await ctx.tx.insert(payoutOrders).values(orderRows);
  await ctx.tx.insert(orderQuotes).values(
    lines.map((line) => ({
      orderId: line.id,
      corridorId: line.corridor.id,
      fxRateId: line.rate.id,
      unitsPerUsdt: line.rate.unitsPerUsdt,
      marginBps: line.marginBps,
      feeTotal: line.quote.feeTotal,
      feeClientShare: line.quote.feeAmount,
      feeBeneficiaryShare: line.quote.feeBeneficiaryShare,
      sourceAmountBeforeRounding: line.quote.sourceAmountBeforeRounding,
      quotedAt: createdAt,
      expiresAt: quoteExpiresAt,
    })),
  );

  await recordEvent(ctx.tx, {
    orgId,
    type: 'batch.created',
    actor: actorOf(spec.createdBy, people),
    subjectId: batchId,
    data: { order_count: lines.length, total_source_amount: formatUsdt(total), source: 'demo_seed' },
  });
  if (spec.confirmedBy) {
    await recordEvent(ctx.tx, {
      orgId,
      type: 'batch.confirmed',
      actor: actorOf(spec.confirmedBy, people),
      subjectId: batchId,
      data: { total_source_amount: formatUsdt(total), hold_transaction_id: holdTransactionId },
    });
  } else if (tally.status === 'CANCELLED_EXPIRED') {
    await recordEvent(ctx.tx, {
      orgId,
      type: 'batch.cancelled_expired',
      actor: SYSTEM_ACTOR,
      subjectId: batchId,
      data: { draft_expires_at: draftExpiresAt.toISOString() },
    });
  }
  for (const row of orderRows) {
    if (row.status === 'DRAFT' || row.status === 'AWAITING_DEPOSIT' || !confirmedAt) continue;
    await recordEvent(ctx.tx, {
      orgId,
      type: statusEventType('order', row.status as Exclude<OrderStatus, 'DRAFT'>),
      actor: SYSTEM_ACTOR,
      subjectId: row.id!,
      data: { batch_id: batchId, status: row.status, failure_message: row.failureMessage ?? null },
    });
  }
}

interface LifecycleInput {
  orgId: string;
  orderId: string;
  lineNumber: number;
  spec: DemoOrderSpec;
  /** The order's source_amount (USDT). */
  amount: string;
  accounts: { available: string; held: string };
  createdAt: Date;
  confirmedAt: Date | null;
  fundingDeadline: Date | null;
  draftExpiresAt: Date;
  clamp: (date: Date) => Date;
}

/**
 * Posts what happened to one order's money after the batch hold, in order, and returns when its last transition
 * happened (its updated_at). DESIGN "Funding and order lifecycle": the sweep landing (DEPOSIT_RECEIVED) moves held
 * to settlement, a payment moves settlement out to the rail, expiry or a failure before the sweep releases the
 * hold, and a payment the rail refuses after the sweep comes back from settlement to available.
 */
async function seedOrderLifecycle(ctx: SeedContext, input: LifecycleInput): Promise<Date> {
  const { spec, confirmedAt, fundingDeadline, clamp } = input;
  if (!confirmedAt || !fundingDeadline) {
    if (spec.status !== 'DRAFT' && spec.status !== 'CANCELLED_EXPIRED') {
      throw new Error(`an unconfirmed demo order cannot be ${spec.status}`);
    }
    // A draft is as old as its batch; an expired one changed when the batch's validity ran out.
    return spec.status === 'DRAFT' ? input.createdAt : input.draftExpiresAt;
  }
  if (spec.status === 'DRAFT') throw new Error('a confirmed demo order cannot be DRAFT');
  if ((spec.status === 'FAILED') !== (spec.failure !== undefined)) {
    throw new Error('a demo order has a failure exactly when it is FAILED');
  }

  const reference = { orgId: input.orgId, referenceType: 'order', referenceId: input.orderId };
  // The sweep lands a minute or two per line after confirmation, always before the funding deadline.
  const sweptAt = clamp(
    earliest(addMinutes(confirmedAt, 1 + input.lineNumber), addMinutes(fundingDeadline, -1)),
  );
  const sweep = () =>
    move(ctx, {
      ...reference,
      type: 'settlement_sweep',
      from: input.accounts.held,
      to: ctx.system.settlement,
      amount: input.amount,
      description: 'Sweep to settlement',
      occurredAt: sweptAt,
    });
  const release = (occurredAt: Date, description: string) =>
    move(ctx, {
      ...reference,
      type: 'batch_hold_release',
      from: input.accounts.held,
      to: input.accounts.available,
      amount: input.amount,
      description,
      occurredAt,
    });

  switch (spec.status) {
    case 'AWAITING_DEPOSIT':
      return confirmedAt;
    case 'DEPOSIT_RECEIVED':
      await sweep();
      return sweptAt;
    case 'PAYING_BENEFICIARY':
      await sweep();
      return clamp(addMinutes(sweptAt, 1));
    case 'COMPLETED': {
      await sweep();
      const paidAt = clamp(addMinutes(sweptAt, hours(3)));
      await move(ctx, {
        ...reference,
        type: 'payout_paid',
        from: ctx.system.settlement,
        to: ctx.system.payoutRail,
        amount: input.amount,
        description: 'Paid to beneficiary',
        occurredAt: paidAt,
      });
      return paidAt;
    }
    case 'CANCELLED_EXPIRED':
      await release(fundingDeadline, 'Funding deadline passed: hold released');
      return fundingDeadline;
    case 'FAILED': {
      if (spec.failure?.stage === 'before_sweep') {
        const failedAt = clamp(addMinutes(confirmedAt, 10));
        await release(failedAt, 'Order failed before funding: hold released');
        return failedAt;
      }
      await sweep();
      const returnedAt = clamp(addMinutes(sweptAt, hours(26)));
      await move(ctx, {
        ...reference,
        type: 'payout_returned',
        from: ctx.system.settlement,
        to: input.accounts.available,
        amount: input.amount,
        description: 'Payment returned by the beneficiary bank',
        occurredAt: returnedAt,
      });
      return returnedAt;
    }
  }
}
