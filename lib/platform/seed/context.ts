// Owns what every part of the seed shares: the transaction, the moment it runs, the configured windows, and money moves.
import type { Executor } from '@/db/client';
import { systemAccount } from '@/lib/ledger/server';
import { env } from '@/lib/platform/env';

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
