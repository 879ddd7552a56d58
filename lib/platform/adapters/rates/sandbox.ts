// Owns the sandbox rate source: the rates staff (or the seed) published in the fx_rates table, the latest in force.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { textArray } from '@/db/sql';
import type { FxRate, RatesAdapter } from './types';

export const sandboxRates: RatesAdapter = {
  name: 'sandbox',
  async currentRates(executor: Executor, currencies: readonly string[], at: Date) {
    if (currencies.length === 0) return new Map();
    // One round trip whatever the number of currencies: the newest rate not in the future, per currency.
    const rows = await executor.execute<{
      id: string;
      currency: string;
      units_per_usdt: string;
      effective_at: Date | string;
    }>(sql`
      select distinct on (currency) id, currency, units_per_usdt::text as units_per_usdt, effective_at
      from fx_rates
      where currency = any(${textArray(currencies)}::text[]) and effective_at <= ${at.toISOString()}::timestamptz
      order by currency, effective_at desc`);
    return new Map<string, FxRate>(
      rows.map((row) => [
        row.currency,
        {
          id: row.id,
          currency: row.currency,
          unitsPerUsdt: row.units_per_usdt,
          effectiveAt: new Date(row.effective_at),
        },
      ]),
    );
  },
};
