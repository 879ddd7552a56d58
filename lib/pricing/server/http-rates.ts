// Owns the http rate source (RATES_ADAPTER=http): the newest rate the feed poller stored per currency, refused once it
// is older than RATES_MAX_AGE_SECONDS. The source is stale (503 `rates_unavailable`) when the feed has no rate that
// young at all, or when a currency asked for has only an older one; a currency the feed never gave is `no_rate`.
import { and, eq, gte, inArray, lte, max } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { fxRates, rateFeedState } from '@/db/schema/pricing';
import { type RatesAdapter, ratesUnavailable } from '@/lib/platform/adapters/rates';
import { now } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { newestRatePerCurrency, ratesByCurrency } from './fx-rate-rows';
import { HTTP_RATES_SOURCE } from './rates-feed';

const fromFeed = eq(fxRates.source, HTTP_RATES_SOURCE);

/** The oldest `as_of` still quoted with at `at`. */
const freshSince = (at: Date) => new Date(at.getTime() - env().RATES_MAX_AGE_SECONDS * 1000);

async function newestAsOf(executor: Executor, at: Date): Promise<Date | null> {
  const [row] = await executor
    .select({ newest: max(fxRates.effectiveAt) })
    .from(fxRates)
    .where(and(fromFeed, lte(fxRates.effectiveAt, at)));
  return row?.newest ?? null;
}

export const httpRates: RatesAdapter = {
  name: 'http',
  async currentRates(executor: Executor, currencies: readonly string[], at: Date) {
    const since = freshSince(at);
    const retryAfter = env().RATES_POLL_INTERVAL_SECONDS;
    const [fresh] = await executor
      .select({ id: fxRates.id })
      .from(fxRates)
      .where(and(fromFeed, gte(fxRates.effectiveAt, since), lte(fxRates.effectiveAt, at)))
      .limit(1);
    if (!fresh) throw ratesUnavailable(retryAfter);
    if (currencies.length === 0) return new Map();
    const rows = await newestRatePerCurrency(
      executor,
      and(fromFeed, inArray(fxRates.currency, [...currencies]), lte(fxRates.effectiveAt, at)),
    );
    if (rows.some((row) => row.effectiveAt < since)) throw ratesUnavailable(retryAfter);
    return ratesByCurrency(rows);
  },
  async probe() {
    const at = now();
    const [state] = await db()
      .select()
      .from(rateFeedState)
      .where(eq(rateFeedState.source, HTTP_RATES_SOURCE));
    if (!state?.lastAttemptAt) return { state: 'degraded', reason: 'the rates feed has not been polled yet' };
    if (state.lastError)
      return { state: 'degraded', reason: `the last poll of the rates feed failed: ${state.lastError}` };
    const newest = await newestAsOf(db(), at);
    if (!newest || newest < freshSince(at))
      return {
        state: 'degraded',
        reason: `the newest feed rate${newest ? ` (as of ${newest.toISOString()})` : ''} is older than RATES_MAX_AGE_SECONDS: quoting is refused`,
      };
    return { state: 'ok' };
  },
};
