// Owns thinning the rates feed's history: a feed polled every minute writes a rate per currency per minute, most of
// which no quote ever used. Past RATES_FEED_RETENTION_DAYS, each currency keeps the last rate of each hour (the
// history a treasury chart or an inquiry reads) and every rate a quote points at (the price a client was given).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Executor } from '@/db/client';
import { now } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { defineTask } from '@/lib/platform/jobs/define-task';
import { HTTP_RATES_SOURCE } from './rates-feed';

const DAY_MS = 86_400_000;

/** Deletes the feed's rates older than `retentionDays` that are neither the last of their hour nor used by a quote. */
export async function thinFeedRates(
  executor: Executor,
  { at = now(), retentionDays = env().RATES_FEED_RETENTION_DAYS } = {},
): Promise<number> {
  const cutoff = new Date(at.getTime() - retentionDays * DAY_MS).toISOString();
  // Sheets, staff and seed rates are few and each was a decision someone took: only the feed's are thinned.
  const deleted = await executor.execute(sql`
    delete from fx_rates f
    using (
      select id, row_number() over (
        partition by currency, date_trunc('hour', effective_at) order by effective_at desc
      ) as from_last
      from fx_rates
      where source = ${HTTP_RATES_SOURCE} and effective_at < ${cutoff}::timestamptz
    ) ranked
    where f.id = ranked.id
      and ranked.from_last > 1
      and not exists (select 1 from order_quotes q where q.fx_rate_id = f.id)`);
  return deleted.count;
}

export const thinFeedRatesTask = defineTask({
  name: 'pricing.thin-feed-rates',
  // Cron adds `_cron` metadata to the payload; nothing else is expected.
  payload: z.looseObject({}),
  async run(_payload, helpers) {
    const deleted = await db().transaction((tx) => thinFeedRates(tx));
    helpers.logger.info(`thinned ${deleted} feed rate(s) past RATES_FEED_RETENTION_DAYS`);
  },
});
