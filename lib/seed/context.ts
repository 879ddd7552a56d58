// Owns what every part of the seed shares: the transaction, the moment it runs, the configured windows, and money moves.
import type { Executor } from '@/db/client';
import type { LedgerTransactionType } from '@/db/schema/ledger';
import { env } from '@/lib/env';
import { lockOrgFunds, systemAccount } from '@/lib/ledger/accounts';
import { postTransaction } from '@/lib/ledger/post-transaction';
import { dec } from '@/lib/money';

export interface SystemAccounts {
  custody: string;
  settlement: string;
  payoutRail: string;
}

export interface SeedContext {
  tx: Executor;
  /** "Now" for the seed: every back-dated row is placed relative to it. */
  at: Date;
  quoteTtlMinutes: number;
  draftTtlDays: number;
  fundingWindowMinutes: number;
  system: SystemAccounts;
}

export async function seedContext(tx: Executor, at: Date): Promise<SeedContext> {
  const config = env();
  return {
    tx,
    at,
    quoteTtlMinutes: config.QUOTE_TTL_MINUTES,
    draftTtlDays: config.DRAFT_BATCH_TTL_DAYS,
    fundingWindowMinutes: config.FUNDING_WINDOW_MINUTES,
    system: {
      custody: await systemAccount(tx, 'custody_external'),
      settlement: await systemAccount(tx, 'settlement'),
      payoutRail: await systemAccount(tx, 'payout_rail_external'),
    },
  };
}

export interface OrgAccountIds {
  available: string;
  held: string;
}

/** The organization's accounts, locked for the rest of the seed's transaction like any money operation. */
export function orgAccounts(ctx: SeedContext, orgId: string): Promise<OrgAccountIds> {
  return lockOrgFunds(ctx.tx, orgId);
}

export interface MoveInput {
  orgId: string;
  type: LedgerTransactionType;
  from: string;
  to: string;
  amount: string;
  description: string;
  referenceType: string;
  referenceId: string;
  /** When the movement happened in the demo's story. */
  occurredAt: Date;
}

/** One balanced two-entry movement through postTransaction, the only way money moves. */
export function move(ctx: SeedContext, input: MoveInput): Promise<string> {
  const amount = dec(input.amount);
  if (amount.lte(0)) throw new Error('a seed movement moves a positive amount');
  return postTransaction(ctx.tx, {
    orgId: input.orgId,
    type: input.type,
    description: input.description,
    referenceType: input.referenceType,
    referenceId: input.referenceId,
    metadata: { source: 'demo_seed' },
    createdAt: input.occurredAt,
    entries: [
      { accountId: input.from, amount: amount.negated().toFixed() },
      { accountId: input.to, amount: amount.toFixed() },
    ],
  });
}
