// The rates feed's history is thinned past RATES_FEED_RETENTION_DAYS: each currency keeps the last rate of each hour,
// every rate a quote used (the price a client was given), and everything younger; sheet and seed rates are untouched.
import { and, eq, ne } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { orderQuotes } from '@/db/schema/payouts';
import { fxRates } from '@/db/schema/pricing';
import { freezeClock, resetClock } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { thinFeedRates } from '@/lib/pricing/server';
import { useTestDatabase } from '../db';
import { createPayoutOrg, orderItem } from '../payouts-fixtures';

await useTestDatabase();

const FEED = 'adapter:http';
const DAY_MS = 86_400_000;

afterEach(() => {
  delete process.env.RATES_ADAPTER;
  delete process.env.RATES_URL;
  resetEnvCache();
  resetClock();
});

async function feedRate(effectiveAt: string, unitsPerUsdt: string): Promise<string> {
  const [row] = await db()
    .insert(fxRates)
    .values({ currency: 'EUR', unitsPerUsdt, source: FEED, effectiveAt: new Date(effectiveAt) })
    .returning({ id: fxRates.id });
  return row!.id;
}

async function feedHistory(): Promise<string[]> {
  const rows = await db()
    .select({ at: fxRates.effectiveAt })
    .from(fxRates)
    .where(and(eq(fxRates.source, FEED), eq(fxRates.currency, 'EUR')))
    .orderBy(fxRates.effectiveAt);
  return rows.map((row) => row.at.toISOString());
}

describe('thinning the rates feed history', () => {
  it('keeps the last rate of each hour, the rates quotes used and the recent ones; deletes the rest', async () => {
    Object.assign(process.env, { RATES_ADAPTER: 'http', RATES_URL: 'http://127.0.0.1:9/rates' });
    resetEnvCache();
    freezeClock(new Date('2026-10-01T12:30:00.000Z'));
    const org = await createPayoutOrg();
    const others = await db().select({ id: fxRates.id }).from(fxRates).where(ne(fxRates.source, FEED));

    await feedRate('2026-10-01T10:10:00.000Z', '0.9101');
    await feedRate('2026-10-01T10:20:00.000Z', '0.9102');
    await feedRate('2026-10-01T10:40:00.000Z', '0.9103');
    await feedRate('2026-10-01T11:50:00.000Z', '0.9110');
    const quoted = await feedRate('2026-10-01T12:29:00.000Z', '0.9120');
    // A client is quoted at 12:30 from the 12:29 rate; the feed moves again a moment later, in the same hour.
    const batch = await org.client.send('POST', '/api/v2/payouts', {
      body: { orders: [orderItem(org, '100.00')] },
    });
    expect(batch.status).toBe(201);
    const [quote] = await db().select({ fxRateId: orderQuotes.fxRateId }).from(orderQuotes);
    expect(quote?.fxRateId).toBe(quoted);
    await feedRate('2026-10-01T12:29:30.000Z', '0.9121');

    // Forty days on, with a busy hour yesterday.
    freezeClock(new Date(new Date('2026-10-01T12:30:00.000Z').getTime() + 40 * DAY_MS));
    await feedRate('2026-11-09T12:10:00.000Z', '0.9200');
    await feedRate('2026-11-09T12:20:00.000Z', '0.9201');

    // A longer retention than the history's age deletes nothing.
    expect(await thinFeedRates(db(), { retentionDays: 60 })).toBe(0);

    expect(await thinFeedRates(db())).toBe(2);
    expect(await feedHistory()).toEqual([
      '2026-10-01T10:40:00.000Z',
      '2026-10-01T11:50:00.000Z',
      '2026-10-01T12:29:00.000Z',
      '2026-10-01T12:29:30.000Z',
      '2026-11-09T12:10:00.000Z',
      '2026-11-09T12:20:00.000Z',
    ]);
    // Sheet, staff and seed rates are decisions someone took: never thinned.
    expect(await db().select({ id: fxRates.id }).from(fxRates).where(ne(fxRates.source, FEED))).toEqual(
      others,
    );
    // Run again: nothing more to thin.
    expect(await thinFeedRates(db())).toBe(0);
  });
});
