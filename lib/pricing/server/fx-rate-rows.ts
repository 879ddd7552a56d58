// Owns reading fx_rates the way every rate source hands rates to quoting: the columns of an FxRate, the newest rate
// per currency among those a source trusts, and the rates keyed by currency.
import { desc, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { fxRates } from '@/db/schema/pricing';
import type { FxRate } from '@/lib/platform/adapters/rates';

/** The columns an FxRate is read from. */
export const fxRateColumns = {
  id: fxRates.id,
  currency: fxRates.currency,
  unitsPerUsdt: fxRates.unitsPerUsdt,
  effectiveAt: fxRates.effectiveAt,
};

/** The newest of each currency's rates that `where` lets through: one round trip whatever the number of currencies. */
export function newestRatePerCurrency(executor: Executor, where: SQL | undefined): Promise<FxRate[]> {
  return executor
    .selectDistinctOn([fxRates.currency], fxRateColumns)
    .from(fxRates)
    .where(where)
    .orderBy(fxRates.currency, desc(fxRates.effectiveAt));
}

export function ratesByCurrency(rows: readonly FxRate[]): Map<string, FxRate> {
  return new Map(rows.map((row) => [row.currency, row]));
}
