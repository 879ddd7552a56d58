// Owns the pricing.poll-rates-feed task: the worker's cron runs it every minute; with RATES_ADAPTER=http it polls the
// feed when RATES_POLL_INTERVAL_SECONDS have passed since the last attempt (any worker's), otherwise it does nothing.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '@/db/client';
import { rateFeedState } from '@/db/schema/pricing';
import { now } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { defineTask } from '@/lib/platform/jobs/define-task';
import { HTTP_RATES_SOURCE, pollRatesFeed } from './rates-feed';

/** A cron tick lands a little early or late: an attempt this close to the interval counts as due. */
const TICK_SLACK_MS = 5_000;

export const pollRatesFeedTask = defineTask({
  name: 'pricing.poll-rates-feed',
  // Cron adds `_cron` metadata to the payload; nothing else is expected.
  payload: z.looseObject({}),
  async run() {
    if (env().RATES_ADAPTER !== 'http') return;
    const [state] = await db()
      .select({ lastAttemptAt: rateFeedState.lastAttemptAt })
      .from(rateFeedState)
      .where(eq(rateFeedState.source, HTTP_RATES_SOURCE));
    const dueAt =
      (state?.lastAttemptAt?.getTime() ?? 0) + env().RATES_POLL_INTERVAL_SECONDS * 1000 - TICK_SLACK_MS;
    if (now().getTime() < dueAt) return;
    await pollRatesFeed(db());
  },
});
