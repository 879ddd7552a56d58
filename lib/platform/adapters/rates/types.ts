// Owns the interface of an FX rate source, in the terms a rate provider uses: units of a currency per USDT.
import type { Executor } from '@/db/client';
import type { ProbedAdapter } from '../health';

/** A published rate: `unitsPerUsdt` units of `currency` buy one USDT at mid-market, before any margin. */
export interface FxRate {
  /** The fx_rates row the quote snapshot points at (a live source stores what it fetched there first). */
  id: string;
  currency: string;
  unitsPerUsdt: string;
  effectiveAt: Date;
}

export interface RatesAdapter extends ProbedAdapter {
  readonly name: string;
  /** The rate in force at `at` for each currency that has one; currencies without a rate are absent. */
  currentRates(executor: Executor, currencies: readonly string[], at: Date): Promise<Map<string, FxRate>>;
}
