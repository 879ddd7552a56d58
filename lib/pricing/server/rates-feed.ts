// Owns polling the rates feed (RATES_ADAPTER=http): fetch RATES_URL, read DESIGN's shape, store each good rate in
// fx_rates with its `as_of` (source `adapter:http`), and note the attempt in rate_feed_state. A rate already older
// than RATES_MAX_AGE_SECONDS is refused; an unreachable or malformed feed stores nothing, so the last good rates stay
// in force until they are too old themselves (lib/pricing/server/http-rates.ts refuses them then).
import { db, type Executor } from '@/db/client';
import { fxRates, rateFeedState } from '@/db/schema/pricing';
import { type FeedRate, readFeed } from '@/lib/platform/adapters/rates';
import { now } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { log } from '@/lib/platform/log';
import { metrics } from '@/lib/platform/metrics/counters';

export const HTTP_RATES_SOURCE = 'adapter:http';
/** A feed slower than this is treated as unreachable for this poll. */
const FETCH_TIMEOUT_MS = 10_000;
/** A feed of a few hundred currencies is a few kilobytes; anything this large is not the feed. */
const MAX_FEED_BYTES = 1024 * 1024;
/** `as_of` this far in the future is a feed clock gone wrong, not a rate to quote with. */
const MAX_FUTURE_SKEW_MS = 5 * 60_000;

export interface PollOutcome {
  stored: number;
  rejected: { currency?: string; problem: string }[];
  failure?: string;
}

/**
 * The request for a URL, its credentials (`https://user:pass@host/…`) moved to an Authorization header: fetch refuses
 * them in the URL, and the URL itself must never reach a log or a probe.
 */
function feedRequest(raw: string): { url: string; headers: Record<string, string> } {
  const url = new URL(raw);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  return { url: url.toString(), headers };
}

/** Why a fetch failed, without the URL: the system error code (ECONNREFUSED, ENOTFOUND) or the timeout. */
function reachFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `the feed did not answer within ${FETCH_TIMEOUT_MS / 1000} seconds`;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : 'network error';
  return `the feed could not be reached (${code})`;
}

async function fetchFeed(rawUrl: string): Promise<{ text: string } | { failure: string }> {
  const { url, headers } = feedRequest(rawUrl);
  let response: Response;
  try {
    response = await fetch(url, {
      headers,
      redirect: 'error',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    return { failure: reachFailure(error) };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { failure: `the feed answered HTTP ${response.status}` };
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_FEED_BYTES) {
    await response.body?.cancel();
    return { failure: 'the feed is larger than 1 MiB' };
  }
  try {
    const text = await response.text();
    if (Buffer.byteLength(text) > MAX_FEED_BYTES) return { failure: 'the feed is larger than 1 MiB' };
    return { text };
  } catch (error) {
    return { failure: reachFailure(error) };
  }
}

async function noteAttempt(executor: Executor, at: Date, failure: string | undefined): Promise<void> {
  const values = {
    source: HTTP_RATES_SOURCE,
    lastAttemptAt: at,
    lastError: failure ?? null,
    ...(failure ? {} : { lastSuccessAt: at }),
    updatedAt: at,
  };
  const { source: _source, ...changes } = values;
  await executor
    .insert(rateFeedState)
    .values(values)
    .onConflictDoUpdate({ target: rateFeedState.source, set: changes });
}

/** One poll of the feed at `url`; never throws for what the feed does (the outcome says it), only for the database. */
export async function pollRatesFeed(executor: Executor = db(), url = env().RATES_URL): Promise<PollOutcome> {
  const at = now();
  if (!url) throw new Error('RATES_URL is not set');
  const fetched = await fetchFeed(url);
  const reading =
    'failure' in fetched ? { ok: false as const, problem: fetched.failure } : readFeed(fetched.text);
  if (!reading.ok) {
    await noteAttempt(executor, at, reading.problem);
    metrics().ratesFeedPolls.inc({ outcome: 'failed' });
    log('warn', 'rates feed: poll failed; the last good rates stay in force until they are too old', {
      problem: reading.problem,
    });
    return { stored: 0, rejected: [], failure: reading.problem };
  }
  const maxAgeMs = env().RATES_MAX_AGE_SECONDS * 1000;
  const rejected: PollOutcome['rejected'] = reading.rejected.map((entry) => ({
    problem: `rates.${entry.index}.${entry.problem}`,
  }));
  const good: FeedRate[] = [];
  for (const rate of reading.rates) {
    if (rate.asOf.getTime() < at.getTime() - maxAgeMs)
      rejected.push({
        currency: rate.currency,
        problem: `as_of ${rate.asOf.toISOString()} is older than RATES_MAX_AGE_SECONDS`,
      });
    else if (rate.asOf.getTime() > at.getTime() + MAX_FUTURE_SKEW_MS)
      rejected.push({
        currency: rate.currency,
        problem: `as_of ${rate.asOf.toISOString()} is in the future`,
      });
    else good.push(rate);
  }
  const stored = await executor.transaction(async (tx) => {
    // The same as_of again (the feed did not move since the last poll) is already stored: nothing to add.
    const inserted =
      good.length === 0
        ? []
        : await tx
            .insert(fxRates)
            .values(
              good.map((rate) => ({
                currency: rate.currency,
                unitsPerUsdt: rate.unitsPerUsdt,
                source: HTTP_RATES_SOURCE,
                effectiveAt: rate.asOf,
                createdAt: at,
              })),
            )
            .onConflictDoNothing()
            .returning({ id: fxRates.id });
    const failure = good.length === 0 ? 'the feed gave no usable rate' : undefined;
    await noteAttempt(tx, at, failure);
    return inserted.length;
  });
  metrics().ratesFeedPolls.inc({ outcome: good.length > 0 ? 'stored' : 'failed' });
  if (rejected.length > 0)
    log('warn', 'rates feed: entries ignored', {
      rejected: rejected.slice(0, 20),
      rejected_count: rejected.length,
    });
  log('info', 'rates feed: polled', { rates: good.length, stored, rejected: rejected.length });
  return { stored, rejected, ...(good.length === 0 ? { failure: 'the feed gave no usable rate' } : {}) };
}
