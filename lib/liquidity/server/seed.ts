// Owns the demo's liquidity data, made through the liquidity services like users' data: wallets, withdrawals in every
// status (created, then moved by custody updates, with their ledger holds, sends and releases), loans and repayments,
// settlement routes with proof-of-settlement PDFs, and utilization proofs.
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { LoanStatus, WithdrawalStatus, WithdrawalSubStatus } from '@/db/schema/liquidity';
import { chains } from '@/db/schema/platform/chains';
import type { SeededPeople } from '@/lib/identity/server';
import type { DemoActor } from '@/lib/payouts/server';
import type { CustodyWithdrawalUpdate } from '@/lib/platform/adapters/custody';
import { sandboxAddress } from '@/lib/platform/chains/addresses';
import { type AuditActor, apiKeyAuditActor, userAuditActor } from '@/lib/platform/events/audit-actor';
import type { SeedContext } from '@/lib/platform/seed/context';
import { simplePdf } from '@/lib/platform/seed/pdf';
import { addMinutes, days, hours, isoDate, minutesBefore } from '@/lib/platform/seed/time';
import type { DemoCurrency, SeededPricing } from '@/lib/pricing/server';
import { createLoan, recordLoanRepayment } from './loans';
import { attachProofOfSettlement } from './proofs';
import { createSettlementRoute } from './routes';
import { recordUtilizationProof } from './utilization';
import { addWallet } from './wallets';
import { applyWithdrawalUpdate } from './withdrawal-progress';
import { createWithdrawal, findWithdrawal } from './withdrawals';

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

/**
 * The recent ones still in flight (amounts ending in 555: the sandbox takes no automatic step for them, so they wait
 * in their state until advanced), and one failure per failure sub-status (666 is the sandbox's broadcast failure).
 */
const OPEN_AND_FAILED_WITHDRAWALS: readonly DemoWithdrawal[] = [
  {
    minutesAgo: 15,
    wallet: 'otcTron',
    amount: '18555.00',
    status: 'SUBMITTED',
    subStatus: 'awaiting_approval',
    requestedBy: { user: 'acmeApprover' },
  },
  {
    minutesAgo: 42,
    wallet: 'treasuryEth',
    amount: '2555.00',
    status: 'SUBMITTED',
    subStatus: 'awaiting_approval',
    requestedBy: ERP,
  },
  {
    minutesAgo: 70,
    wallet: 'treasuryTron',
    amount: '7555.00',
    status: 'PROCESSING',
    subStatus: 'signing',
    requestedBy: { user: 'acmeAdmin' },
  },
  {
    minutesAgo: 95,
    wallet: 'otcTron',
    amount: '3555.00',
    status: 'PROCESSING',
    subStatus: 'broadcasting',
    requestedBy: { user: 'acmeApprover' },
  },
  {
    minutesAgo: 130,
    wallet: 'treasuryEth',
    amount: '12555.00',
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
    amount: '4666.00',
    status: 'FAILED',
    subStatus: 'broadcast_failed',
    failureReason:
      'The network refused the transaction (sandbox: amounts ending in 666 fail at broadcast). Nothing was sent; the funds are available again.',
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

function requester(actor: DemoActor, people: SeededPeople) {
  return 'user' in actor
    ? {
        requestedBy: { userId: people.users[actor.user] },
        actor: userAuditActor(people.users[actor.user]),
      }
    : {
        requestedBy: { apiKeyId: people.acmeApiKeyId },
        actor: apiKeyAuditActor(people.acmeApiKeyId),
      };
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const transactionHash = (chain: ChainCode) => (chain === 'tron' ? hex(32) : `0x${hex(32)}`);

/** The custody reports that take a new withdrawal to the demo's state, in order (also `sandbox bootstrap`'s). */
export function custodyPath(
  spec: Pick<DemoWithdrawal, 'status' | 'subStatus' | 'failureReason'>,
  chain: ChainCode,
): CustodyWithdrawalUpdate[] {
  const signing: CustodyWithdrawalUpdate = {
    status: 'PROCESSING',
    subStatus: 'signing',
    custodyTransactionId: `sbx_wd_${hex(12)}`,
  };
  const broadcasting: CustodyWithdrawalUpdate = { status: 'PROCESSING', subStatus: 'broadcasting' };
  const confirming: CustodyWithdrawalUpdate = {
    status: 'PROCESSING',
    subStatus: 'confirming',
    transactionHash: transactionHash(chain),
  };
  const fail = (subStatus: WithdrawalSubStatus): CustodyWithdrawalUpdate => ({
    status: 'FAILED',
    subStatus,
    failureReason: spec.failureReason ?? 'The withdrawal failed',
  });
  switch (`${spec.status}/${spec.subStatus}`) {
    case 'SUBMITTED/awaiting_approval':
      return [];
    case 'PROCESSING/signing':
      return [signing];
    case 'PROCESSING/broadcasting':
      return [signing, broadcasting];
    case 'PROCESSING/confirming':
      return [signing, broadcasting, confirming];
    case 'COMPLETED/confirmed':
      return [signing, broadcasting, confirming, { status: 'COMPLETED', subStatus: 'confirmed' }];
    case 'FAILED/rejected':
      return [fail('rejected')];
    case 'FAILED/broadcast_failed':
      return [signing, broadcasting, fail('broadcast_failed')];
    case 'FAILED/reverted':
      return [signing, broadcasting, confirming, fail('reverted')];
    default:
      throw new Error(`no demo path to ${spec.status}/${spec.subStatus}`);
  }
}

/** A demo withdrawal as the generator makes it: who asked, and the state custody's reports take it to. */
export interface PlannedWithdrawal<W extends string> {
  minutesAgo: number;
  wallet: W;
  amount: string;
  status: WithdrawalStatus;
  subStatus: WithdrawalSubStatus;
  failureReason?: string;
  actor: AuditActor;
  requestedBy: { userId: string } | { apiKeyId: string };
}

/** A settlement route over a corridor the caller found, with the settlements its proofs document. */
export interface PlannedRoute {
  name: string;
  corridorId: string;
  currency: string;
  chain: ChainCode;
  counterparty: string;
  settlements: readonly { daysAgo: number; amount: string; reference: string }[];
}

/** Everything the liquidity generator makes for one organization, dated relative to the context's moment. */
export interface DemoLiquidityPlan<W extends string> {
  orgId: string;
  walletsAddedDaysAgo: number;
  wallets: Record<W, { chain: ChainCode; label: string; addedBy: AuditActor }>;
  /** Oldest first; each is requested, then moved by custody's reports over the next minutes. */
  withdrawals: readonly PlannedWithdrawal<W>[];
  /** Who the custody reports are recorded as (the system when absent). */
  progressActor?: AuditActor;
  loans: readonly DemoLoan[];
  routesOpenedDaysAgo: number;
  routes: readonly PlannedRoute[];
  /** Liquidity used outside any one route (the opening line), besides one record per route settlement. */
  unroutedUtilization: typeof DEMO_UNROUTED_UTILIZATION;
  /** Named in the proofs' footer: which generator made the document. */
  madeBy: string;
}

/**
 * The one generator of demo liquidity data, for the seed and for `sandbox bootstrap`: wallets, withdrawals moved to
 * their state by custody reports (with their ledger holds, sends and releases), loans with repayments, settlement
 * routes with proof-of-settlement PDFs, and utilization proofs — all through the liquidity services.
 */
export async function generateDemoLiquidity<W extends string>(
  ctx: SeedContext,
  plan: DemoLiquidityPlan<W>,
): Promise<SeededLiquidity> {
  const { orgId } = plan;
  const chainRows = await ctx.tx
    .select({ id: chains.id, code: chains.code, addressFormat: chains.addressFormat })
    .from(chains)
    .where(inArray(chains.code, ['tron', 'ethereum']));
  const chain = (code: ChainCode) => {
    const row = chainRows.find((candidate) => candidate.code === code);
    if (!row) throw new Error(`chain ${code} is missing (ensureSandboxChains runs first)`);
    return row;
  };

  const walletsAt = minutesBefore(ctx.at, days(plan.walletsAddedDaysAgo));
  const walletIds = {} as Record<W, string>;
  for (const [key, spec] of Object.entries(plan.wallets) as [W, DemoLiquidityPlan<W>['wallets'][W]][]) {
    const wallet = await addWallet(ctx.tx, {
      orgId,
      chainId: chain(spec.chain).id,
      address: sandboxAddress(chain(spec.chain).addressFormat),
      label: spec.label,
      actor: spec.addedBy,
      at: walletsAt,
    });
    walletIds[key] = wallet.id;
  }

  for (const spec of plan.withdrawals) {
    const requestedAt = minutesBefore(ctx.at, spec.minutesAgo);
    const created = await createWithdrawal(ctx.tx, {
      orgId,
      amount: spec.amount,
      walletId: walletIds[spec.wallet],
      actor: spec.actor,
      requestedBy: spec.requestedBy,
      idempotencyKey: null,
      at: requestedAt,
    });
    const path = custodyPath(spec, plan.wallets[spec.wallet].chain);
    // Custody takes minutes to approve, sign and confirm; a failure is known within a quarter of an hour.
    const span =
      spec.status === 'COMPLETED' ? 25 : spec.status === 'FAILED' ? 12 : Math.min(10, spec.minutesAgo - 1);
    for (const [index, update] of path.entries()) {
      const row = await findWithdrawal(ctx.tx, orgId, created.id, { forUpdate: true });
      const at = addMinutes(requestedAt, (span * (index + 1)) / path.length);
      await applyWithdrawalUpdate(ctx.tx, row!, update, { at, actor: plan.progressActor });
    }
  }

  const loanCounts = await generateLoans(ctx, orgId, plan.loans);
  const routeCounts = await generateRoutes(ctx, plan, chain);
  return {
    wallets: Object.keys(plan.wallets).length,
    withdrawalRequests: plan.withdrawals.length,
    withdrawals: plan.withdrawals.length,
    ...loanCounts,
    ...routeCounts,
  };
}

export async function seedLiquidity(
  ctx: SeedContext,
  people: SeededPeople,
  pricing: SeededPricing,
): Promise<SeededLiquidity> {
  const addedBy = userAuditActor(people.users.acmeAdmin);
  return generateDemoLiquidity(ctx, {
    orgId: people.orgs.acme,
    walletsAddedDaysAgo: 85,
    wallets: Object.fromEntries(
      Object.entries(DEMO_WALLETS).map(([key, wallet]) => [key, { ...wallet, addedBy }]),
    ) as DemoLiquidityPlan<WalletKey>['wallets'],
    withdrawals: DEMO_WITHDRAWALS.map(({ requestedBy, ...spec }) => ({
      ...spec,
      ...requester(requestedBy, people),
    })),
    loans: DEMO_LOANS,
    routesOpenedDaysAgo: 50,
    routes: DEMO_ROUTES.map((route) => ({ ...route, corridorId: pricing.corridors[route.currency].id })),
    unroutedUtilization: DEMO_UNROUTED_UTILIZATION,
    madeBy: 'the demo seed',
  });
}

async function generateLoans(
  ctx: SeedContext,
  orgId: string,
  loans: readonly DemoLoan[],
): Promise<{ loans: number; loanRepayments: number }> {
  let repaymentCount = 0;
  for (const [index, spec] of loans.entries()) {
    const startsAt = minutesBefore(ctx.at, days(spec.startsDaysAgo));
    const loan = await createLoan(ctx.tx, {
      orgId,
      principal: spec.principal,
      interestRatePercent: spec.interestRatePercent,
      drawnAmount: spec.drawnAmount,
      status: spec.status === 'REPAID' ? 'ACTIVE' : spec.status,
      startsOn: isoDate(startsAt),
      dueOn: isoDate(addMinutes(startsAt, days(spec.termDays))),
      at: startsAt,
    });
    for (const [n, repayment] of spec.repayments.entries()) {
      const paidAt = minutesBefore(ctx.at, days(repayment.daysAgo));
      const last = n === spec.repayments.length - 1;
      await recordLoanRepayment(ctx.tx, {
        orgId,
        loanId: loan.id,
        amount: repayment.amount,
        paidAt,
        reference: `LN-${String(index + 1).padStart(3, '0')}-R${n + 1}`,
        loanStatus: last ? spec.status : undefined,
        at: paidAt,
      });
    }
    repaymentCount += spec.repayments.length;
  }
  return { loans: loans.length, loanRepayments: repaymentCount };
}

async function generateRoutes<W extends string>(
  ctx: SeedContext,
  plan: DemoLiquidityPlan<W>,
  chain: (code: ChainCode) => { id: string },
): Promise<{ settlementRoutes: number; settlementProofs: number; files: number; utilizationProofs: number }> {
  const { orgId } = plan;
  const routesAt = minutesBefore(ctx.at, days(plan.routesOpenedDaysAgo));
  let proofs = 0;
  let utilization = 0;
  for (const spec of plan.routes) {
    const route = await createSettlementRoute(ctx.tx, {
      orgId,
      name: spec.name,
      corridorId: spec.corridorId,
      chainId: chain(spec.chain).id,
      counterparty: spec.counterparty,
      at: routesAt,
    });
    for (const settlement of spec.settlements) {
      const recordedAt = minutesBefore(ctx.at, days(settlement.daysAgo));
      // Counterparties send their statement the next morning.
      const uploadedAt = addMinutes(recordedAt, hours(18));
      await attachProofOfSettlement(ctx.tx, {
        orgId,
        routeId: route.id,
        fileName: `proof-of-settlement-${spec.currency.toLowerCase()}-${isoDate(recordedAt)}.pdf`,
        content: await simplePdf('Proof of settlement', [
          `Route: ${spec.name}`,
          `Counterparty: ${spec.counterparty}`,
          `Chain: ${spec.chain === 'tron' ? 'TRON (TRC-20)' : 'Ethereum (ERC-20)'}`,
          `Settlement date: ${isoDate(recordedAt)}`,
          `Amount settled: ${settlement.amount} ${spec.currency}`,
          `Client reference: ${settlement.reference}`,
          `Sandbox document generated by ${plan.madeBy}; not a real bank statement.`,
        ]),
        recordedAt,
        at: uploadedAt,
      });
      await recordUtilizationProof(ctx.tx, {
        orgId,
        routeId: route.id,
        amount: settlement.amount,
        currency: spec.currency,
        reference: settlement.reference,
        at: uploadedAt,
      });
      proofs += 1;
      utilization += 1;
    }
  }
  const unrouted = plan.unroutedUtilization;
  await recordUtilizationProof(ctx.tx, {
    orgId,
    amount: unrouted.amount,
    currency: unrouted.currency,
    reference: unrouted.reference,
    at: minutesBefore(ctx.at, days(unrouted.daysAgo)),
  });
  utilization += 1;
  return {
    settlementRoutes: plan.routes.length,
    settlementProofs: proofs,
    files: proofs,
    utilizationProofs: utilization,
  };
}
