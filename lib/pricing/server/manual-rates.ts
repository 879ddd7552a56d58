// Owns the manual rate source (RATES_ADAPTER=manual): the rates of treasury's newest rate sheet. A sheet past its
// `valid_until`, or no sheet at all, makes the whole source stale: quoting is refused (503 `rates_unavailable`) rather
// than priced on yesterday's rates. A currency the sheet leaves out has no rate (the order's `no_rate`).
import { and, eq, inArray } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { fxRates } from '@/db/schema/pricing';
import { type RatesAdapter, ratesUnavailable } from '@/lib/platform/adapters/rates';
import { now } from '@/lib/platform/clock';
import { fxRateColumns, ratesByCurrency } from './fx-rate-rows';
import { latestSheet } from './rate-sheets';

/** How long a client refused for a stale sheet waits: treasury publishes by hand, so minutes, not seconds. */
export const MANUAL_RATES_RETRY_AFTER_SECONDS = 300;

export const manualRates: RatesAdapter = {
  name: 'manual',
  async currentRates(executor: Executor, currencies: readonly string[], at: Date) {
    const sheet = await latestSheet(executor, at);
    if (!sheet || sheet.validUntil <= at) throw ratesUnavailable(MANUAL_RATES_RETRY_AFTER_SECONDS);
    if (currencies.length === 0) return new Map();
    const rows = await executor
      .select(fxRateColumns)
      .from(fxRates)
      .where(and(eq(fxRates.rateSheetId, sheet.id), inArray(fxRates.currency, [...currencies])));
    return ratesByCurrency(rows);
  },
  async probe() {
    const at = now();
    const sheet = await latestSheet(db(), at);
    if (!sheet) return { state: 'degraded', reason: 'no rate sheet has been published: quoting is refused' };
    if (sheet.validUntil <= at)
      return {
        state: 'degraded',
        reason: `the rate sheet expired at ${sheet.validUntil.toISOString()}: quoting is refused until treasury publishes a new one`,
      };
    return { state: 'ok' };
  },
};
