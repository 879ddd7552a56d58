// Owns the liquidity data `sandbox bootstrap` gives a new organization, as the demo organization has it: wallets,
// withdrawals in several states, a loan with a repayment, a settlement route with proof-of-settlement PDFs and
// utilization proofs — made by the seed's own generator (generateDemoLiquidity), so every rule holds for it.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { WithdrawalStatus, WithdrawalSubStatus } from '@/db/schema/liquidity';
import { corridors } from '@/db/schema/pricing';
import { creditDeposit } from '@/lib/funding/server';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { dec, formatUsdt } from '@/lib/platform/money';
import type { SeedContext } from '@/lib/platform/seed/context';
import { days, hours, minutesBefore } from '@/lib/platform/seed/time';
import { DEMO_UNROUTED_UTILIZATION, generateDemoLiquidity, type SeededLiquidity } from './seed';

type ChainCode = 'tron' | 'ethereum';

interface BootstrapWithdrawal {
  minutesAgo: number;
  wallet: ChainCode;
  amount: string;
  status: WithdrawalStatus;
  subStatus: WithdrawalSubStatus;
  failureReason?: string;
}

/**
 * Oldest first. The failed one is made first and releases its hold; the open ones end in 555, an amount the sandbox
 * never steps on its own, so they wait until `POST /sandbox/withdrawals/{id}/advance` moves them.
 */
export const BOOTSTRAP_WITHDRAWALS: readonly BootstrapWithdrawal[] = [
  {
    minutesAgo: days(12),
    wallet: 'tron',
    amount: '1666.00',
    status: 'FAILED',
    subStatus: 'broadcast_failed',
    failureReason:
      'The network refused the transaction (sandbox: amounts ending in 666 fail at broadcast). Nothing was sent; the funds are available again.',
  },
  { minutesAgo: days(9), wallet: 'tron', amount: '2500.00', status: 'COMPLETED', subStatus: 'confirmed' },
  { minutesAgo: days(5), wallet: 'ethereum', amount: '1250.00', status: 'COMPLETED', subStatus: 'confirmed' },
  {
    minutesAgo: hours(1) + 30,
    wallet: 'tron',
    amount: '3555.00',
    status: 'PROCESSING',
    subStatus: 'signing',
  },
  {
    minutesAgo: 20,
    wallet: 'ethereum',
    amount: '1555.00',
    status: 'SUBMITTED',
    subStatus: 'awaiting_approval',
  },
];

const ROUTE_SETTLEMENTS = [
  { daysAgo: 16, amount: '31250.00', reference: 'SBX-RUN-0001' },
  { daysAgo: 9, amount: '48000.00', reference: 'SBX-RUN-0002' },
] as const;

/** The currencies the bootstrap's beneficiaries pay in, in order of preference for the route's corridor. */
const ROUTE_CURRENCIES = ['EUR', 'GBP', 'INR'];

/** What the withdrawals send out or still hold: funded by one earlier deposit, so the opening balance stays whole. */
export function bootstrapWithdrawalFunding(): string {
  return formatUsdt(
    BOOTSTRAP_WITHDRAWALS.filter((w) => w.status !== 'FAILED').reduce(
      (sum, w) => sum.plus(w.amount),
      dec('0'),
    ),
  );
}

/** The first active corridor in the beneficiaries' currencies (else any): the route needs one the provider opened. */
async function routeCorridor(tx: Executor): Promise<{ id: string; currency: string } | undefined> {
  const active = await tx
    .select({ id: corridors.id, currency: corridors.currency })
    .from(corridors)
    .where(eq(corridors.status, 'ACTIVE'))
    .orderBy(asc(corridors.currency));
  return (
    ROUTE_CURRENCIES.map((currency) => active.find((row) => row.currency === currency)).find(Boolean) ??
    active[0]
  );
}

/**
 * Gives the organization its liquidity history, dated in the weeks before the context's moment (its clock). Runs in
 * the bootstrap's transaction. Without an active corridor, the route and its proofs are left out.
 */
export async function generateBootstrapLiquidity(
  ctx: SeedContext,
  input: { orgId: string; adminUserId: string },
): Promise<SeededLiquidity> {
  const { orgId } = input;
  const actor = userAuditActor(input.adminUserId);
  await creditDeposit(ctx.tx, {
    orgId,
    amount: bootstrapWithdrawalFunding(),
    chainCode: 'tron',
    actor,
    at: minutesBefore(ctx.at, days(21)),
  });
  const corridor = await routeCorridor(ctx.tx);
  return generateDemoLiquidity(ctx, {
    orgId,
    walletsAddedDaysAgo: 20,
    wallets: {
      tron: { chain: 'tron', label: 'Treasury (TRON)', addedBy: actor },
      ethereum: { chain: 'ethereum', label: 'Treasury (Ethereum)', addedBy: actor },
    },
    withdrawals: BOOTSTRAP_WITHDRAWALS.map((spec) => ({
      ...spec,
      actor,
      requestedBy: { userId: input.adminUserId },
    })),
    progressActor: actor,
    loans: [
      {
        principal: '250000.00',
        interestRatePercent: '8.5',
        drawnAmount: '150000.00',
        status: 'ACTIVE',
        startsDaysAgo: 60,
        termDays: 180,
        repayments: [{ daysAgo: 30, amount: '25000.00' }],
      },
    ],
    routesOpenedDaysAgo: 40,
    routes: corridor
      ? [
          {
            name: `${corridor.currency} settlement via TRON`,
            corridorId: corridor.id,
            currency: corridor.currency,
            chain: 'tron',
            counterparty: 'Sandbox Bank AG, liquidity desk',
            settlements: ROUTE_SETTLEMENTS,
          },
        ]
      : [],
    unroutedUtilization: DEMO_UNROUTED_UTILIZATION,
    madeBy: 'sandbox bootstrap',
  });
}
