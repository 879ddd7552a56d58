// Owns the sandbox rate source: the rates staff (or the seed) published in the fx_rates table, the latest in force.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { fxRates } from '@/db/schema/pricing';
import { textArray } from '@/db/sql';
import type { RatesAdapter } from '@/lib/platform/adapters/rates';
import { newestRatePerCurrency, ratesByCurrency } from './fx-rate-rows';

export const sandboxRates: RatesAdapter = {
  name: 'sandbox',
  async currentRates(executor: Executor, currencies: readonly string[], at: Date) {
    if (currencies.length === 0) return new Map();
    // The newest rate not in the future, per currency.
    const rows = await newestRatePerCurrency(
      executor,
      sql`${fxRates.currency} = any(${textArray(currencies)}::text[])
          and ${fxRates.effectiveAt} <= ${at.toISOString()}::timestamptz`,
    );
    return ratesByCurrency(rows);
  },
};
