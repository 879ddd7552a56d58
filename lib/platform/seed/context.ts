// Owns what every part of the seed shares: the transaction, the moment it runs, the configured windows, and money moves.
import type { Executor } from '@/db/client';
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

/** `system` comes from the ledger, which the composition root (lib/app/seed.ts) asks: platform imports no area. */
export function seedContext(tx: Executor, at: Date, system: SystemAccounts): SeedContext {
  const config = env();
  return {
    tx,
    at,
    quoteTtlMinutes: config.QUOTE_TTL_MINUTES,
    draftTtlDays: config.DRAFT_BATCH_TTL_DAYS,
    fundingWindowMinutes: config.FUNDING_WINDOW_MINUTES,
    system,
  };
}
