// Owns the sandbox rate source: the rates staff (or the seed) published in the fx_rates table, the latest in force.
import { desc, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { fxRates } from '@/db/schema/pricing';
import { textArray } from '@/db/sql';
import type { FxRate, RatesAdapter } from '@/lib/platform/adapters/rates';

export const sandboxRates: RatesAdapter = {
  name: 'sandbox',
  async currentRates(executor: Executor, currencies: readonly string[], at: Date) {
    if (currencies.length === 0) return new Map();
    // One round trip whatever the number of currencies: the newest rate not in the future, per currency.
    const rows = await executor
      .selectDistinctOn([fxRates.currency], {
        id: fxRates.id,
        currency: fxRates.currency,
        unitsPerUsdt: fxRates.unitsPerUsdt,
        effectiveAt: fxRates.effectiveAt,
      })
      .from(fxRates)
      .where(
        sql`${fxRates.currency} = any(${textArray(currencies)}::text[])
          and ${fxRates.effectiveAt} <= ${at.toISOString()}::timestamptz`,
      )
      .orderBy(fxRates.currency, desc(fxRates.effectiveAt));
    return new Map<string, FxRate>(
      rows.map((row) => [
        row.currency,
        {
          id: row.id,
          currency: row.currency,
          unitsPerUsdt: row.unitsPerUsdt,
          effectiveAt: row.effectiveAt,
        },
      ]),
    );
  },
};
