// Owns the liquidity data `sandbox bootstrap` gives a new organization, as the demo organization has it: wallets,
// withdrawals in several states, a loan with a repayment, a settlement route with proof-of-settlement PDFs and
// utilization proofs — made through the liquidity services (as lib/seed does), so every rule holds for it.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { WithdrawalStatus, WithdrawalSubStatus } from '@/db/schema/liquidity';
import { chains } from '@/db/schema/platform/chains';
import { corridors } from '@/db/schema/pricing';
import { creditDeposit } from '@/lib/funding/server';
import { sandboxAddress } from '@/lib/platform/chains/addresses';
import { businessNow } from '@/lib/platform/clock';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { dec, formatUsdt } from '@/lib/platform/money';
import { simplePdf } from '@/lib/platform/seed/pdf';
import { addMinutes, days, hours, isoDate, minutesBefore } from '@/lib/platform/seed/time';
import { createLoan, recordLoanRepayment } from './loans';
import { attachProofOfSettlement } from './proofs';
import { createSettlementRoute } from './routes';
import { custodyPath } from './seed';
import { recordUtilizationProof } from './utilization';
import { addWallet } from './wallets';
import { applyWithdrawalUpdate } from './withdrawal-progress';
import { createWithdrawal, findWithdrawal } from './withdrawals';

type ChainCode = 'tron' | 'ethereum';

interface BootstrapWithdrawal {
  minutesAgo: number;
  chain: ChainCode;
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
    chain: 'tron',
    amount: '1666.00',
    status: 'FAILED',
    subStatus: 'broadcast_failed',
    failureReason:
      'The network refused the transaction (sandbox: amounts ending in 666 fail at broadcast). Nothing was sent; the funds are available again.',
  },
  { minutesAgo: days(9), chain: 'tron', amount: '2500.00', status: 'COMPLETED', subStatus: 'confirmed' },
  { minutesAgo: days(5), chain: 'ethereum', amount: '1250.00', status: 'COMPLETED', subStatus: 'confirmed' },
  { minutesAgo: hours(1) + 30, chain: 'tron', amount: '3555.00', status: 'PROCESSING', subStatus: 'signing' },
  {
    minutesAgo: 20,
    chain: 'ethereum',
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

export interface BootstrappedLiquidity {
  wallets: number;
  withdrawals: number;
  loans: number;
  settlementRoutes: number;
  settlementProofs: number;
  utilizationProofs: number;
}

/** What the withdrawals send out or still hold: funded by one earlier deposit, so the opening balance stays whole. */
export function bootstrapWithdrawalFunding(): string {
  return formatUsdt(
    BOOTSTRAP_WITHDRAWALS.filter((w) => w.status !== 'FAILED').reduce(
      (sum, w) => sum.plus(w.amount),
      dec('0'),
    ),
  );
}

/**
 * Gives the organization its liquidity history, dated in the weeks before now (its clock). Runs in the bootstrap's
 * transaction. The settlement route needs an active corridor (reference data the provider opens): without one, the
 * route and its proofs are left out and everything else is made.
 */
export async function bootstrapLiquidity(
  tx: Executor,
  input: { orgId: string; adminUserId: string },
): Promise<BootstrappedLiquidity> {
  const { orgId } = input;
  const now = await businessNow(tx, orgId);
  const actor = userAuditActor(input.adminUserId);
  const chainRows = await tx
    .select({ id: chains.id, code: chains.code, addressFormat: chains.addressFormat })
    .from(chains)
    .where(inArray(chains.code, ['tron', 'ethereum']));
  const chain = (code: ChainCode) => {
    const row = chainRows.find((candidate) => candidate.code === code);
    if (!row) throw new Error(`chain ${code} is missing (ensureSandboxChains runs first)`);
    return row;
  };

  await creditDeposit(tx, {
    orgId,
    amount: bootstrapWithdrawalFunding(),
    chainCode: 'tron',
    actor,
    at: minutesBefore(now, days(21)),
  });

  const walletIds = {} as Record<ChainCode, string>;
  for (const [code, label] of [
    ['tron', 'Treasury (TRON)'],
    ['ethereum', 'Treasury (Ethereum)'],
  ] as const) {
    const wallet = await addWallet(tx, {
      orgId,
      chainId: chain(code).id,
      address: sandboxAddress(chain(code).addressFormat),
      label,
      actor,
      at: minutesBefore(now, days(20)),
    });
    walletIds[code] = wallet.id;
  }

  for (const spec of BOOTSTRAP_WITHDRAWALS) {
    const requestedAt = minutesBefore(now, spec.minutesAgo);
    const created = await createWithdrawal(tx, {
      orgId,
      amount: spec.amount,
      walletId: walletIds[spec.chain],
      actor,
      requestedBy: { userId: input.adminUserId },
      idempotencyKey: null,
      at: requestedAt,
    });
    const path = custodyPath(spec, spec.chain);
    const span = spec.status === 'COMPLETED' ? 25 : spec.status === 'FAILED' ? 12 : 10;
    for (const [index, update] of path.entries()) {
      const row = await findWithdrawal(tx, orgId, created.id, { forUpdate: true });
      await applyWithdrawalUpdate(tx, row!, update, {
        at: addMinutes(requestedAt, (span * (index + 1)) / path.length),
        actor,
      });
    }
  }

  const loanStart = minutesBefore(now, days(60));
  const loan = await createLoan(tx, {
    orgId,
    principal: '250000.00',
    interestRatePercent: '8.5',
    drawnAmount: '150000.00',
    status: 'ACTIVE',
    startsOn: isoDate(loanStart),
    dueOn: isoDate(addMinutes(loanStart, days(180))),
    at: loanStart,
  });
  const repaidAt = minutesBefore(now, days(30));
  await recordLoanRepayment(tx, {
    orgId,
    loanId: loan.id,
    amount: '25000.00',
    paidAt: repaidAt,
    reference: 'LN-001-R1',
    at: repaidAt,
  });

  const routed = await bootstrapRoute(tx, orgId, now, chain('tron').id);
  await recordUtilizationProof(tx, {
    orgId,
    amount: '250000.00',
    currency: 'USDT',
    reference: 'Opening liquidity line',
    at: minutesBefore(now, days(29)),
  });

  return {
    wallets: 2,
    withdrawals: BOOTSTRAP_WITHDRAWALS.length,
    loans: 1,
    settlementRoutes: routed ? 1 : 0,
    settlementProofs: routed ? ROUTE_SETTLEMENTS.length : 0,
    utilizationProofs: (routed ? ROUTE_SETTLEMENTS.length : 0) + 1,
  };
}

/** A route over the first active corridor in the beneficiaries' currencies (else any), with its proofs. */
async function bootstrapRoute(tx: Executor, orgId: string, now: Date, tronId: string): Promise<boolean> {
  const active = await tx
    .select({ id: corridors.id, currency: corridors.currency })
    .from(corridors)
    .where(and(eq(corridors.status, 'ACTIVE')))
    .orderBy(asc(corridors.currency));
  const corridor =
    ROUTE_CURRENCIES.map((currency) => active.find((row) => row.currency === currency)).find(Boolean) ??
    active[0];
  if (!corridor) return false;

  const name = `${corridor.currency} settlement via TRON`;
  const counterparty = 'Sandbox Bank AG, liquidity desk';
  const route = await createSettlementRoute(tx, {
    orgId,
    name,
    corridorId: corridor.id,
    chainId: tronId,
    counterparty,
    at: minutesBefore(now, days(40)),
  });
  for (const settlement of ROUTE_SETTLEMENTS) {
    const recordedAt = minutesBefore(now, days(settlement.daysAgo));
    // Counterparties send their statement the next morning.
    const uploadedAt = addMinutes(recordedAt, hours(18));
    await attachProofOfSettlement(tx, {
      orgId,
      routeId: route.id,
      fileName: `proof-of-settlement-${corridor.currency.toLowerCase()}-${isoDate(recordedAt)}.pdf`,
      content: await simplePdf('Proof of settlement', [
        `Route: ${name}`,
        `Counterparty: ${counterparty}`,
        'Chain: TRON (TRC-20)',
        `Settlement date: ${isoDate(recordedAt)}`,
        `Amount settled: ${settlement.amount} ${corridor.currency}`,
        `Client reference: ${settlement.reference}`,
        'Sandbox document generated by sandbox bootstrap; not a real bank statement.',
      ]),
      recordedAt,
      at: uploadedAt,
    });
    await recordUtilizationProof(tx, {
      orgId,
      routeId: route.id,
      amount: settlement.amount,
      currency: corridor.currency,
      reference: settlement.reference,
      at: uploadedAt,
    });
  }
  return true;
}
