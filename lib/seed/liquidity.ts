// Owns the demo's liquidity data: wallets, withdrawals in every status (with their ledger holds, sends and releases),
// loans and repayments, settlement routes with proof-of-settlement PDFs, and utilization proofs.
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { chains } from '@/db/schema/chains';
import { files } from '@/db/schema/files';
import {
  type LoanStatus,
  loanRepayments,
  loans,
  settlementProofs,
  settlementRoutes,
  utilizationProofs,
  type WithdrawalStatus,
  type WithdrawalSubStatus,
  wallets,
  withdrawalRequests,
  withdrawals,
} from '@/db/schema/liquidity';
import { sandboxAddress } from '@/lib/chains/addresses';
import { sha256Hex } from '@/lib/crypto/hash';
import { type AuditActor, apiKeyAuditActor, SYSTEM_ACTOR, userAuditActor } from '@/lib/events/audit-actor';
import { statusEventType } from '@/lib/events/define';
import { recordEvent } from '@/lib/events/record-event';
import { Decimal, dec, formatUsdt } from '@/lib/money';
import { move, orgAccounts, type SeedContext } from './context';
import type { DemoActor } from './payouts';
import { simplePdf } from './pdf';
import type { SeededPeople } from './people';
import type { DemoCurrency, SeededPricing } from './pricing';
import { addMinutes, days, hours, idAt, isoDate, minutesBefore } from './time';

type ChainCode = 'tron' | 'ethereum';
export type WalletKey = 'treasuryTron' | 'otcTron' | 'treasuryEth';

export const DEMO_WALLETS: Record<WalletKey, { chain: ChainCode; label: string }> = {
  treasuryTron: { chain: 'tron', label: 'Treasury cold wallet' },
  otcTron: { chain: 'tron', label: 'OTC desk settlement' },
  treasuryEth: { chain: 'ethereum', label: 'Treasury (Ethereum)' },
};

export interface DemoWithdrawal {
  minutesAgo: number;
  wallet: WalletKey;
  /** USDT, up to 6 decimals. */
  amount: string;
  status: WithdrawalStatus;
  subStatus: WithdrawalSubStatus;
  failureReason?: string;
  requestedBy: DemoActor;
}

const ERP: DemoActor = { apiKey: 'acmeErp' };
const WALLET_ROTATION: readonly WalletKey[] = ['treasuryTron', 'otcTron', 'treasuryEth'];
const COMPLETED_AMOUNTS = [
  '1250.00',
  '2480.50',
  '735.25',
  '5000.00',
  '1875.125',
  '960.00',
  '3320.75',
  '1204.381927',
  '4100.00',
  '650.40',
  '2999.99',
];
/** Enough finished withdrawals that the list has several pages at the default page size. */
const COMPLETED_WITHDRAWALS = 56;

/** The recent ones still in flight, and one failure per failure sub-status. */
const OPEN_AND_FAILED_WITHDRAWALS: readonly DemoWithdrawal[] = [
  {
    minutesAgo: 15,
    wallet: 'otcTron',
    amount: '18000.00',
    status: 'SUBMITTED',
    subStatus: 'awaiting_approval',
    requestedBy: { user: 'acmeApprover' },
  },
  {
    minutesAgo: 42,
    wallet: 'treasuryEth',
    amount: '2500.00',
    status: 'SUBMITTED',
    subStatus: 'awaiting_approval',
    requestedBy: ERP,
  },
  {
    minutesAgo: 70,
    wallet: 'treasuryTron',
    amount: '7500.00',
    status: 'PROCESSING',
    subStatus: 'signing',
    requestedBy: { user: 'acmeAdmin' },
  },
  {
    minutesAgo: 95,
    wallet: 'otcTron',
    amount: '3200.00',
    status: 'PROCESSING',
    subStatus: 'broadcasting',
    requestedBy: { user: 'acmeApprover' },
  },
  {
    minutesAgo: 130,
    wallet: 'treasuryEth',
    amount: '12000.00',
    status: 'PROCESSING',
    subStatus: 'confirming',
    requestedBy: ERP,
  },
  {
    minutesAgo: days(3) + hours(4),
    wallet: 'treasuryEth',
    amount: '60000.00',
    status: 'FAILED',
    subStatus: 'rejected',
    failureReason:
      "The custody provider's policy rejected the withdrawal: it exceeds this wallet's daily limit of 50,000 USDT. The funds are available again.",
    requestedBy: { user: 'acmeAdmin' },
  },
  {
    minutesAgo: days(6) + hours(2),
    wallet: 'otcTron',
    amount: '4250.00',
    status: 'FAILED',
    subStatus: 'broadcast_failed',
    failureReason:
      'The network refused the transaction (insufficient energy on the sending account). Nothing was sent; the funds are available again.',
    requestedBy: { user: 'acmeApprover' },
  },
  {
    minutesAgo: days(11) + hours(7),
    wallet: 'treasuryEth',
    amount: '1500.00',
    status: 'FAILED',
    subStatus: 'reverted',
    failureReason: 'The transaction reverted on chain. No funds left the account; they are available again.',
    requestedBy: ERP,
  },
];

/** Oldest first: a steady stream of completed withdrawals over four weeks, then the recent and failed ones. */
export const DEMO_WITHDRAWALS: readonly DemoWithdrawal[] = [
  ...Array.from({ length: COMPLETED_WITHDRAWALS }, (_, i): DemoWithdrawal => {
    const requesters: DemoActor[] = [{ user: 'acmeApprover' }, { user: 'acmeAdmin' }, ERP];
    return {
      minutesAgo: days(2) + i * (hours(11) + 37),
      wallet: WALLET_ROTATION[i % WALLET_ROTATION.length]!,
      amount: COMPLETED_AMOUNTS[(i * 7) % COMPLETED_AMOUNTS.length]!,
      status: 'COMPLETED',
      subStatus: 'confirmed',
      requestedBy: requesters[i % requesters.length]!,
    };
  }),
  ...OPEN_AND_FAILED_WITHDRAWALS,
].sort((a, b) => b.minutesAgo - a.minutesAgo);

/** A request refused before custody (no withdrawal exists for it): held, then released. */
export const DEMO_REJECTED_WITHDRAWAL_REQUESTS: readonly {
  minutesAgo: number;
  wallet: WalletKey;
  amount: string;
  reason: string;
}[] = [
  {
    minutesAgo: days(2) + hours(5),
    wallet: 'treasuryTron',
    amount: '25000.00',
    reason: 'Withdrawals to this wallet are paused during its 24-hour allowlisting cooling-off period.',
  },
];

interface DemoLoan {
  principal: string;
  interestRatePercent: string;
  drawnAmount: string;
  status: LoanStatus;
  startsDaysAgo: number;
  termDays: number;
  repayments: readonly { daysAgo: number; amount: string }[];
}

export const DEMO_LOANS: readonly DemoLoan[] = [
  {
    principal: '200000.00',
    interestRatePercent: '7.25',
    drawnAmount: '200000.00',
    status: 'REPAID',
    startsDaysAgo: 210,
    termDays: 180,
    // Principal plus 180 days of interest: 200,000 × 7.25 % × 180 / 365 = 7,150.68.
    repayments: [
      { daysAgo: 150, amount: '60000.00' },
      { daysAgo: 90, amount: '60000.00' },
      { daysAgo: 60, amount: '60000.00' },
      { daysAgo: 31, amount: '27150.68' },
    ],
  },
  {
    principal: '500000.00',
    interestRatePercent: '8.5',
    drawnAmount: '350000.00',
    status: 'ACTIVE',
    startsDaysAgo: 60,
    termDays: 180,
    repayments: [
      { daysAgo: 30, amount: '45000.00' },
      { daysAgo: 15, amount: '45000.00' },
      { daysAgo: 2, amount: '30000.00' },
    ],
  },
];

interface DemoRoute {
  name: string;
  currency: DemoCurrency;
  chain: ChainCode;
  counterparty: string;
  /** Settlements the route's proofs document, and the liquidity they used. */
  settlements: readonly { daysAgo: number; amount: string; reference: string }[];
}

export const DEMO_ROUTES: readonly DemoRoute[] = [
  {
    name: 'EUR settlement via TRON',
    currency: 'EUR',
    chain: 'tron',
    counterparty: 'Nordlicht Bank AG, liquidity desk',
    settlements: [
      { daysAgo: 16, amount: '31250.00', reference: 'SUP-RUN-0039' },
      { daysAgo: 9, amount: '48000.00', reference: 'SUP-RUN-0041' },
    ],
  },
  {
    name: 'INR settlement via TRON',
    currency: 'INR',
    chain: 'tron',
    counterparty: 'Deccan Payments Pvt Ltd',
    settlements: [
      { daysAgo: 13, amount: '380000.00', reference: 'CONTRACTORS-0012' },
      { daysAgo: 9, amount: '2100000.00', reference: 'SUP-RUN-0041' },
    ],
  },
  {
    name: 'MXN settlement via Ethereum',
    currency: 'MXN',
    chain: 'ethereum',
    counterparty: 'Banco del Valle, S.A.',
    settlements: [{ daysAgo: 13, amount: '62500.00', reference: 'CONTRACTORS-0012' }],
  },
];

/** Liquidity used outside any one route (the opening line), besides one record per route settlement. */
export const DEMO_UNROUTED_UTILIZATION = {
  daysAgo: 29,
  amount: '250000.00',
  currency: 'USDT',
  reference: 'Opening liquidity line',
};

export interface SeededLiquidity {
  wallets: number;
  withdrawalRequests: number;
  withdrawals: number;
  loans: number;
  loanRepayments: number;
  settlementRoutes: number;
  settlementProofs: number;
  files: number;
  utilizationProofs: number;
}

function requesterColumns(actor: DemoActor, people: SeededPeople) {
  return 'user' in actor
    ? { requestedByUserId: people.users[actor.user] }
    : { requestedByApiKeyId: people.acmeApiKeyId };
}

function actorOf(actor: DemoActor, people: SeededPeople): AuditActor {
  return 'user' in actor ? userAuditActor(people.users[actor.user]) : apiKeyAuditActor(people.acmeApiKeyId);
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const transactionHash = (chain: ChainCode) => (chain === 'tron' ? hex(32) : `0x${hex(32)}`);

export async function seedLiquidity(
  ctx: SeedContext,
  people: SeededPeople,
  pricing: SeededPricing,
): Promise<SeededLiquidity> {
  const orgId = people.orgs.acme;
  const chainRows = await ctx.tx
    .select({ id: chains.id, code: chains.code, addressFormat: chains.addressFormat })
    .from(chains)
    .where(inArray(chains.code, ['tron', 'ethereum']));
  const chain = (code: ChainCode) => {
    const row = chainRows.find((candidate) => candidate.code === code);
    if (!row) throw new Error(`chain ${code} is missing (ensureSandboxChains runs first)`);
    return row;
  };

  const walletsAt = minutesBefore(ctx.at, days(85));
  const walletEntries = Object.entries(DEMO_WALLETS) as [WalletKey, (typeof DEMO_WALLETS)[WalletKey]][];
  const walletRows = await ctx.tx
    .insert(wallets)
    .values(
      walletEntries.map(([, spec]) => ({
        id: idAt(walletsAt),
        orgId,
        chainId: chain(spec.chain).id,
        address: sandboxAddress(chain(spec.chain).addressFormat),
        label: spec.label,
        createdAt: walletsAt,
        updatedAt: walletsAt,
      })),
    )
    .returning();
  const wallet = (key: WalletKey) => {
    const row = walletRows[walletEntries.findIndex(([candidate]) => candidate === key)];
    if (!row) throw new Error(`wallet ${key} was not created`);
    return { ...row, chainCode: DEMO_WALLETS[key].chain };
  };

  const counts = await seedWithdrawals(ctx, people, wallet);
  const loanCounts = await seedLoans(ctx, orgId);
  const routeCounts = await seedRoutes(ctx, orgId, pricing, chain);
  return { wallets: walletRows.length, ...counts, ...loanCounts, ...routeCounts };
}

type WalletRow = typeof wallets.$inferSelect & { chainCode: ChainCode };

async function seedWithdrawals(
  ctx: SeedContext,
  people: SeededPeople,
  wallet: (key: WalletKey) => WalletRow,
): Promise<{ withdrawalRequests: number; withdrawals: number }> {
  const orgId = people.orgs.acme;
  const accounts = await orgAccounts(ctx, orgId);
  const requestRows: (typeof withdrawalRequests.$inferInsert)[] = [];
  const withdrawalRows: (typeof withdrawals.$inferInsert)[] = [];
  let erpKeys = 0;

  const hold = (requestId: string, amount: string, at: Date) =>
    move(ctx, {
      orgId,
      type: 'withdrawal_hold',
      from: accounts.available,
      to: accounts.held,
      amount,
      description: 'Hold for withdrawal request',
      referenceType: 'withdrawal_request',
      referenceId: requestId,
      occurredAt: at,
    });

  for (const spec of DEMO_WITHDRAWALS) {
    const target = wallet(spec.wallet);
    const requestedAt = minutesBefore(ctx.at, spec.minutesAgo);
    const requestId = idAt(requestedAt);
    const withdrawalId = idAt(requestedAt);
    const amount = formatUsdt(dec(spec.amount));
    const holdTransactionId = await hold(requestId, amount, requestedAt);

    // Custody takes minutes to approve, sign and confirm; a failure is known within a quarter of an hour.
    const finishedAt = addMinutes(requestedAt, spec.status === 'COMPLETED' ? 25 : 12);
    let outcomeTransactionId: string | null = null;
    if (spec.status === 'COMPLETED') {
      outcomeTransactionId = await move(ctx, {
        orgId,
        type: 'withdrawal_sent',
        from: accounts.held,
        to: ctx.system.custody,
        amount,
        description: `Withdrawal to ${target.label ?? target.address}`,
        referenceType: 'withdrawal',
        referenceId: withdrawalId,
        occurredAt: finishedAt,
      });
    } else if (spec.status === 'FAILED') {
      outcomeTransactionId = await move(ctx, {
        orgId,
        type: 'withdrawal_release',
        from: accounts.held,
        to: accounts.available,
        amount,
        description: 'Withdrawal failed: hold released',
        referenceType: 'withdrawal',
        referenceId: withdrawalId,
        occurredAt: finishedAt,
      });
    }

    const viaErp = !('user' in spec.requestedBy);
    if (viaErp) erpKeys += 1;
    requestRows.push({
      id: requestId,
      orgId,
      chainId: target.chainId,
      walletId: target.id,
      amount,
      status: 'submitted',
      idempotencyKey: viaErp ? `erp-withdrawal-${String(erpKeys).padStart(4, '0')}` : null,
      ...requesterColumns(spec.requestedBy, people),
      holdTransactionId,
      createdAt: requestedAt,
      updatedAt: addMinutes(requestedAt, 1),
    });

    const custodyKnows = spec.status !== 'SUBMITTED';
    const onChain =
      spec.status === 'COMPLETED' ||
      (spec.status === 'PROCESSING' && spec.subStatus !== 'signing') ||
      spec.subStatus === 'reverted';
    const updatedAt =
      spec.status === 'COMPLETED' || spec.status === 'FAILED'
        ? finishedAt
        : spec.status === 'PROCESSING'
          ? addMinutes(requestedAt, Math.min(10, spec.minutesAgo))
          : requestedAt;
    withdrawalRows.push({
      id: withdrawalId,
      orgId,
      withdrawalRequestId: requestId,
      chainId: target.chainId,
      walletId: target.id,
      amount,
      walletAddress: target.address,
      transactionHash: onChain ? transactionHash(target.chainCode) : null,
      custodyTransactionId: custodyKnows ? `sbx_ctx_${hex(12)}` : null,
      status: spec.status,
      subStatus: spec.subStatus,
      failureReason: spec.status === 'FAILED' ? (spec.failureReason ?? null) : null,
      outcomeTransactionId,
      createdAt: requestedAt,
      updatedAt,
    });
  }

  for (const rejected of DEMO_REJECTED_WITHDRAWAL_REQUESTS) {
    const target = wallet(rejected.wallet);
    const requestedAt = minutesBefore(ctx.at, rejected.minutesAgo);
    const requestId = idAt(requestedAt);
    const amount = formatUsdt(dec(rejected.amount));
    const holdTransactionId = await hold(requestId, amount, requestedAt);
    await move(ctx, {
      orgId,
      type: 'withdrawal_release',
      from: accounts.held,
      to: accounts.available,
      amount,
      description: 'Withdrawal request rejected: hold released',
      referenceType: 'withdrawal_request',
      referenceId: requestId,
      occurredAt: addMinutes(requestedAt, 1),
    });
    requestRows.push({
      id: requestId,
      orgId,
      chainId: target.chainId,
      walletId: target.id,
      amount,
      status: 'rejected',
      rejectionReason: rejected.reason,
      requestedByUserId: people.users.acmeApprover,
      holdTransactionId,
      createdAt: requestedAt,
      updatedAt: addMinutes(requestedAt, 1),
    });
  }

  await ctx.tx.insert(withdrawalRequests).values(requestRows);
  await ctx.tx.insert(withdrawals).values(withdrawalRows);

  for (const [index, row] of withdrawalRows.entries()) {
    const spec = DEMO_WITHDRAWALS[index]!;
    await recordEvent(ctx.tx, {
      orgId,
      type: 'withdrawal.submitted',
      actor: actorOf(spec.requestedBy, people),
      subjectId: row.id!,
      data: { amount: row.amount, wallet_id: row.walletId, withdrawal_request_id: row.withdrawalRequestId },
    });
    if (row.status === 'COMPLETED' || row.status === 'FAILED') {
      await recordEvent(ctx.tx, {
        orgId,
        type: statusEventType('withdrawal', row.status),
        actor: SYSTEM_ACTOR,
        subjectId: row.id!,
        data: { status: row.status, sub_status: row.subStatus, failure_reason: row.failureReason ?? null },
      });
    }
  }
  for (const row of requestRows.filter((request) => request.status === 'rejected')) {
    await recordEvent(ctx.tx, {
      orgId,
      type: 'withdrawal_request.rejected',
      actor: SYSTEM_ACTOR,
      subjectId: row.id!,
      data: { amount: row.amount, reason: row.rejectionReason },
    });
  }
  return { withdrawalRequests: requestRows.length, withdrawals: withdrawalRows.length };
}

async function seedLoans(
  ctx: SeedContext,
  orgId: string,
): Promise<{ loans: number; loanRepayments: number }> {
  let repaymentCount = 0;
  for (const [index, spec] of DEMO_LOANS.entries()) {
    const startsAt = minutesBefore(ctx.at, days(spec.startsDaysAgo));
    const repaid = spec.repayments.reduce((sum, repayment) => sum.plus(repayment.amount), new Decimal(0));
    const lastRepayment = spec.repayments.at(-1);
    const [loan] = await ctx.tx
      .insert(loans)
      .values({
        id: idAt(startsAt),
        orgId,
        principal: spec.principal,
        interestRatePercent: spec.interestRatePercent,
        drawnAmount: spec.drawnAmount,
        repaidAmount: formatUsdt(repaid),
        status: spec.status,
        startsOn: isoDate(startsAt),
        dueOn: isoDate(addMinutes(startsAt, days(spec.termDays))),
        createdAt: startsAt,
        updatedAt: lastRepayment ? minutesBefore(ctx.at, days(lastRepayment.daysAgo)) : startsAt,
      })
      .returning({ id: loans.id });
    const loanId = loan!.id;
    await ctx.tx.insert(loanRepayments).values(
      spec.repayments.map((repayment, n) => {
        const paidAt = minutesBefore(ctx.at, days(repayment.daysAgo));
        return {
          id: idAt(paidAt),
          orgId,
          loanId,
          amount: repayment.amount,
          paidAt,
          reference: `LN-${String(index + 1).padStart(3, '0')}-R${n + 1}`,
          createdAt: paidAt,
        };
      }),
    );
    repaymentCount += spec.repayments.length;
    await recordEvent(ctx.tx, {
      orgId,
      type: 'loan.created',
      actor: SYSTEM_ACTOR,
      subjectId: loanId,
      data: { principal: spec.principal, currency: 'USDT', status: spec.status, source: 'demo_seed' },
    });
  }
  return { loans: DEMO_LOANS.length, loanRepayments: repaymentCount };
}

async function seedRoutes(
  ctx: SeedContext,
  orgId: string,
  pricing: SeededPricing,
  chain: (code: ChainCode) => { id: string },
): Promise<{ settlementRoutes: number; settlementProofs: number; files: number; utilizationProofs: number }> {
  const routesAt = minutesBefore(ctx.at, days(50));
  let proofs = 0;
  let utilization = 0;
  for (const spec of DEMO_ROUTES) {
    const [route] = await ctx.tx
      .insert(settlementRoutes)
      .values({
        id: idAt(routesAt),
        orgId,
        name: spec.name,
        corridorId: pricing.corridors[spec.currency].id,
        chainId: chain(spec.chain).id,
        counterparty: spec.counterparty,
        status: 'ACTIVE',
        createdAt: routesAt,
        updatedAt: routesAt,
      })
      .returning({ id: settlementRoutes.id });
    const routeId = route!.id;

    for (const settlement of spec.settlements) {
      const recordedAt = minutesBefore(ctx.at, days(settlement.daysAgo));
      // Counterparties send their statement the next morning.
      const uploadedAt = addMinutes(recordedAt, hours(18));
      const content = simplePdf('Proof of settlement', [
        `Route: ${spec.name}`,
        `Counterparty: ${spec.counterparty}`,
        `Chain: ${spec.chain === 'tron' ? 'TRON (TRC-20)' : 'Ethereum (ERC-20)'}`,
        `Settlement date: ${isoDate(recordedAt)}`,
        `Amount settled: ${settlement.amount} ${spec.currency}`,
        `Client reference: ${settlement.reference}`,
        'Sandbox document generated by the demo seed; not a real bank statement.',
      ]);
      const [file] = await ctx.tx
        .insert(files)
        .values({
          id: idAt(uploadedAt),
          orgId,
          purpose: 'proof_of_settlement',
          fileName: `proof-of-settlement-${spec.currency.toLowerCase()}-${isoDate(recordedAt)}.pdf`,
          mimeType: 'application/pdf',
          sizeBytes: content.length,
          sha256: sha256Hex(content),
          storage: 'postgres',
          content,
          createdAt: uploadedAt,
        })
        .returning({ id: files.id });
      const [proof] = await ctx.tx
        .insert(settlementProofs)
        .values({
          id: idAt(uploadedAt),
          orgId,
          routeId,
          fileId: file!.id,
          recordedAt,
          createdAt: uploadedAt,
          updatedAt: uploadedAt,
        })
        .returning({ id: settlementProofs.id });
      await recordEvent(ctx.tx, {
        orgId,
        type: 'settlement_proof.added',
        actor: SYSTEM_ACTOR,
        subjectId: proof!.id,
        data: { route_id: routeId, file_id: file!.id },
      });
      await ctx.tx.insert(utilizationProofs).values({
        id: idAt(uploadedAt),
        orgId,
        routeId,
        amount: settlement.amount,
        currency: spec.currency,
        reference: settlement.reference,
        createdAt: uploadedAt,
        updatedAt: uploadedAt,
      });
      proofs += 1;
      utilization += 1;
    }
  }

  const unroutedAt = minutesBefore(ctx.at, days(DEMO_UNROUTED_UTILIZATION.daysAgo));
  await ctx.tx.insert(utilizationProofs).values({
    id: idAt(unroutedAt),
    orgId,
    amount: DEMO_UNROUTED_UTILIZATION.amount,
    currency: DEMO_UNROUTED_UTILIZATION.currency,
    reference: DEMO_UNROUTED_UTILIZATION.reference,
    createdAt: unroutedAt,
    updatedAt: unroutedAt,
  });
  utilization += 1;

  return {
    settlementRoutes: DEMO_ROUTES.length,
    settlementProofs: proofs,
    files: proofs,
    utilizationProofs: utilization,
  };
}
