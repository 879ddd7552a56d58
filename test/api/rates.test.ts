// Rates from a treasury sheet (RATES_ADAPTER=manual) and from a feed (RATES_ADAPTER=http, a real node:http server),
// through the real routes: who may publish, what quotes use, the 503 a stale source answers (nothing stored), the
// per-order `no_rate`, confirmed orders keeping their quote, probes, and corridors opened by a support lead.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { db } from '@/db/client';
import { orderQuotes, payoutBatches, payoutOrders } from '@/db/schema/payouts';
import { events } from '@/db/schema/platform/events';
import { fxRates, rateFeedState, rateSheets } from '@/db/schema/pricing';
import { advanceClock, now, resetClock } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { metrics } from '@/lib/platform/metrics/counters';
import { httpRates, manualRates, pollRatesFeed, pollRatesFeedTask } from '@/lib/pricing/server';
import { type SignedIn, sessionFetch, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { callJson, createPayoutOrg, orderItem, type PayoutOrg } from '../payouts-fixtures';

await useTestDatabase();

function useEnv(values: Record<string, string>): void {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  resetEnvCache();
  onTestFinished(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
    resetClock();
  });
}

const inMinutes = (minutes: number) => new Date(now().getTime() + minutes * 60_000).toISOString();

function publishSheet(caller: SignedIn, rates: Record<string, string>, validMinutes = 60) {
  return sessionFetch(caller, 'POST', '/api/v2/support/rates/sheets', {
    valid_until: inMinutes(validMinutes),
    rates: Object.entries(rates).map(([currency, units_per_usdt]) => ({ currency, units_per_usdt })),
  });
}

interface Quoted {
  batch: { id: string; source_amount_total: string };
  orders: { id: string; source_amount: string; fee_amount: string }[];
}
interface Refusal {
  statusCode: number;
  code: string;
  message: string;
  errors?: { field: string; code: string }[];
}

const createBatch = (org: PayoutOrg, orders: unknown[]) =>
  org.client.send('POST', '/api/v2/payouts', { body: { orders } });

async function batchCount(orgId: string): Promise<number> {
  const [row] = await db()
    .select({ value: count() })
    .from(payoutBatches)
    .where(eq(payoutBatches.orgId, orgId));
  return row?.value ?? 0;
}

describe('rates from a treasury sheet (RATES_ADAPTER=manual)', () => {
  it('treasury publishes a sheet (support may not) and a batch quotes from it; the client sees no rate or margin', async () => {
    useEnv({ RATES_ADAPTER: 'manual' });
    expect(await manualRates.probe!()).toEqual({
      state: 'degraded',
      reason: 'no rate sheet has been published: quoting is refused',
    });
    const treasury = await signIn({ staffRole: 'treasury' });
    const support = await signIn({ staffRole: 'support' });
    const lead = await signIn({ staffRole: 'support_lead' });

    expect((await publishSheet(support, { EUR: '0.9' })).status).toBe(403);
    expect((await publishSheet(lead, { EUR: '0.9' })).status).toBe(403);
    expect((await sessionFetch(support, 'GET', '/api/v2/support/rates/sheets')).status).toBe(403);
    expect((await db().select({ value: count() }).from(rateSheets))[0]?.value).toBe(0);

    // Bad sheets are refused field by field; nothing is stored.
    const bad = await sessionFetch(treasury, 'POST', '/api/v2/support/rates/sheets', {
      valid_until: inMinutes(-1),
      rates: [
        { currency: 'EUR', units_per_usdt: '0.9' },
        { currency: 'EUR', units_per_usdt: '0.91' },
      ],
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as Refusal).errors?.map((error) => error.field)).toEqual([
      'valid_until',
      'rates.1.currency',
    ]);
    for (const rate of ['0', '-1', '0.1234567890123', '1e3', '']) {
      const response = await publishSheet(treasury, { EUR: rate });
      expect(response.status, rate).toBe(422);
    }
    expect((await publishSheet(treasury, { EUR: '0.9' }, 8 * 24 * 60)).status).toBe(422);
    expect((await db().select({ value: count() }).from(rateSheets))[0]?.value).toBe(0);

    const published = await publishSheet(treasury, { EUR: '0.9', GBP: '0.80' });
    expect(published.status).toBe(201);
    const sheet = (await published.json()) as { id: string; state: string; rates: unknown[] };
    expect(sheet).toMatchObject({
      state: 'in_force',
      published_by: { user_id: treasury.userId },
      rates: [
        { currency: 'EUR', units_per_usdt: '0.9' },
        { currency: 'GBP', units_per_usdt: '0.8' },
      ],
    });
    expect(await manualRates.probe!()).toEqual({ state: 'ok' });
    const [audit] = await db()
      .select()
      .from(events)
      .where(and(eq(events.type, 'rate_sheet.published'), eq(events.subjectId, sheet.id)));
    expect(audit).toMatchObject({ actorId: treasury.userId });

    // A lead's single rate (the sandbox's pricing console) would change no quote here: refused, naming the sheet.
    const single = await sessionFetch(lead, 'POST', '/api/v2/support/pricing/rates', {
      currency: 'EUR',
      units_per_usdt: '0.5',
    });
    expect(single.status).toBe(409);
    expect(await single.json()).toMatchObject({ message: expect.stringMatching(/treasury rate sheet/) });

    // Treasury and the support lead read the history.
    for (const reader of [treasury, lead]) {
      const history = await sessionFetch(reader, 'GET', '/api/v2/support/rates/sheets');
      expect(history.status).toBe(200);
      expect(((await history.json()) as { items: { id: string; state: string }[] }).items).toEqual([
        expect.objectContaining({ id: sheet.id, state: 'in_force' }),
      ]);
    }

    // EUR 1000 OUR: fee 25 + 0.10 % = 26; (1026 / 0.9) × 1.0045 = 1145.13 (the sheet's rate, the 45 bps margin).
    const org = await createPayoutOrg();
    const response = await createBatch(org, [orderItem(org, '1000.00')]);
    expect(response.status).toBe(201);
    const text = await response.text();
    const quoted = JSON.parse(text) as Quoted;
    expect(quoted.orders[0]).toMatchObject({ fee_amount: '26.00', source_amount: '1145.13' });
    expect(text).not.toMatch(/units_per_usdt|margin|fx_rate|"rate"|0\.9[^0-9]/);
    const [snapshot] = await db()
      .select({ sheetId: fxRates.rateSheetId, unitsPerUsdt: orderQuotes.unitsPerUsdt })
      .from(orderQuotes)
      .innerJoin(fxRates, eq(fxRates.id, orderQuotes.fxRateId))
      .where(eq(orderQuotes.orderId, quoted.orders[0]!.id));
    expect(snapshot).toEqual({ sheetId: sheet.id, unitsPerUsdt: '0.900000000000' });

    // JPY is not on the sheet: that order is refused with no_rate, the batch with it; nothing is stored.
    const before = await batchCount(org.orgId);
    const noRate = await createBatch(org, [
      orderItem(org, '1000.00'),
      orderItem(org, '500000', { currency: 'JPY' }),
    ]);
    expect(noRate.status).toBe(400);
    expect(((await noRate.json()) as Refusal).errors).toEqual([
      expect.objectContaining({ field: 'orders.1.beneficiary_currency', code: 'no_rate' }),
    ]);
    expect(await batchCount(org.orgId)).toBe(before);
  });

  it('a sheet past valid_until refuses create and re-quote with 503 and Retry-After; a confirmed order keeps its quote', async () => {
    useEnv({ RATES_ADAPTER: 'manual' });
    const treasury = await signIn({ staffRole: 'treasury' });
    expect((await publishSheet(treasury, { EUR: '0.92' }, 10)).status).toBe(201);
    const org = await createPayoutOrg({ balance: '5000' });
    const confirmedBatch = (
      await callJson<Quoted>(org.client, 'POST', '/api/v2/payouts', {
        orders: [orderItem(org, '1000.00')],
      })
    ).body;
    expect(
      (await callJson(org.client, 'POST', `/api/v2/payouts/${confirmedBatch.batch.id}/confirm`)).status,
    ).toBe(200);
    const draft = (
      await callJson<Quoted>(org.client, 'POST', '/api/v2/payouts', {
        orders: [orderItem(org, '2000.00')],
      })
    ).body;

    advanceClock(11 * 60_000);
    expect(await manualRates.probe!()).toMatchObject({
      state: 'degraded',
      reason: expect.stringMatching(/expired/),
    });
    const before = await batchCount(org.orgId);
    const refused = await createBatch(org, [orderItem(org, '1000.00')]);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('300');
    expect(await refused.json()).toMatchObject({ statusCode: 503, code: 'rates_unavailable' });
    expect(await batchCount(org.orgId)).toBe(before);

    const requote = await org.client.send('POST', `/api/v2/payouts/${draft.batch.id}/quote`, {});
    expect(requote.status).toBe(503);
    expect(requote.headers.get('retry-after')).toBe('300');
    const [draftOrder] = await db()
      .select({ sourceAmount: payoutOrders.sourceAmount })
      .from(payoutOrders)
      .where(eq(payoutOrders.batchId, draft.batch.id));
    expect(Number(draftOrder?.sourceAmount)).toBe(Number(draft.orders[0]!.source_amount));

    // The next sheet quotes again, at its rate; the confirmed order keeps the amount it was confirmed with.
    expect((await publishSheet(treasury, { EUR: '0.5' })).status).toBe(201);
    const requoted = await callJson<Quoted>(org.client, 'POST', `/api/v2/payouts/${draft.batch.id}/quote`);
    expect(requoted.status).toBe(200);
    expect(requoted.body.orders[0]!.source_amount).not.toBe(draft.orders[0]!.source_amount);
    const kept = await callJson<Quoted>(org.client, 'GET', `/api/v2/payouts/${confirmedBatch.batch.id}`);
    expect(kept.body.orders[0]!.source_amount).toBe(confirmedBatch.orders[0]!.source_amount);
    const history = await sessionFetch(treasury, 'GET', '/api/v2/support/rates/sheets');
    expect(
      ((await history.json()) as { items: { state: string }[] }).items.map((item) => item.state).slice(0, 2),
    ).toEqual(['in_force', 'superseded']);
  });
});

describe('rates from a feed (RATES_ADAPTER=http)', () => {
  const ago = (seconds: number) => new Date(now().getTime() - seconds * 1000).toISOString();

  it('quotes fresh rates, refuses old ones, keeps the last good rates through outages until they are too old', async () => {
    let body = '';
    const seen: IncomingMessage[] = [];
    const server: Server = createServer((request, response) => {
      seen.push(request);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => {
      if (server.listening) server.close();
    });
    const port = (server.address() as AddressInfo).port;
    useEnv({
      RATES_ADAPTER: 'http',
      RATES_URL: `http://feeduser:s3cret@127.0.0.1:${port}/rates`,
      RATES_MAX_AGE_SECONDS: '300',
      RATES_POLL_INTERVAL_SECONDS: '60',
    });
    const org = await createPayoutOrg();
    expect(await httpRates.probe!()).toEqual({
      state: 'degraded',
      reason: 'the rates feed has not been polled yet',
    });

    // Too old already: refused at the poll, so there is nothing to quote with.
    body = JSON.stringify({ rates: [{ currency: 'EUR', rate: '0.95', as_of: ago(400) }] });
    expect(await pollRatesFeed()).toMatchObject({ stored: 0, failure: 'the feed gave no usable rate' });
    const stale = await createBatch(org, [orderItem(org, '1000.00')]);
    expect(stale.status).toBe(503);
    expect(stale.headers.get('retry-after')).toBe('60');
    expect(await stale.json()).toMatchObject({ code: 'rates_unavailable' });

    // Fresh, the rate a bare JSON number: stored as written, with the feed's as_of; credentials went as Basic auth.
    body = `{"rates":[{"currency":"EUR","rate":0.95,"as_of":"${ago(10)}"},{"currency":"GBP","rate":"0.8","as_of":"${ago(10)}"}]}`;
    const storedBefore = (await metrics().ratesFeedPolls.get()).values.find(
      (value) => value.labels.outcome === 'stored',
    )?.value;
    expect(await pollRatesFeed()).toMatchObject({ stored: 2 });
    const storedAfter = (await metrics().ratesFeedPolls.get()).values.find(
      (value) => value.labels.outcome === 'stored',
    )?.value;
    expect(storedAfter).toBe((storedBefore ?? 0) + 1);
    expect(seen.at(-1)?.headers.authorization).toBe(
      `Basic ${Buffer.from('feeduser:s3cret').toString('base64')}`,
    );
    expect(await httpRates.probe!()).toEqual({ state: 'ok' });
    const fresh = await createBatch(org, [orderItem(org, '1000.00')]);
    expect(fresh.status).toBe(201);
    // (1026 / 0.95) × 1.0045 = 1084.86
    expect(((await fresh.json()) as Quoted).orders[0]!.source_amount).toBe('1084.86');

    // Malformed JSON, then a malformed amount: ignored (reported), the previous rates kept.
    body = '{"rates": [';
    expect(await pollRatesFeed()).toMatchObject({ stored: 0, failure: 'the feed is not valid JSON' });
    const degraded = await httpRates.probe!();
    expect(degraded).toEqual({
      state: 'degraded',
      reason: 'the last poll of the rates feed failed: the feed is not valid JSON',
    });
    body = JSON.stringify({ rates: [{ currency: 'EUR', rate: 'ninety', as_of: ago(1) }] });
    expect((await pollRatesFeed()).rejected).toEqual([
      expect.objectContaining({ problem: expect.stringMatching(/rate/) }),
    ]);
    const kept = await createBatch(org, [orderItem(org, '1000.00')]);
    expect(((await kept.json()) as Quoted).orders[0]!.source_amount).toBe('1084.86');

    // A currency the feed never gave has no rate at all: no_rate on its order.
    const noRate = await createBatch(org, [orderItem(org, '500000', { currency: 'JPY' })]);
    expect(noRate.status).toBe(400);
    expect(((await noRate.json()) as Refusal).errors?.[0]).toMatchObject({ code: 'no_rate' });

    // The feed goes down: its last good rates quote until they pass the max age, then 503.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    const down = await pollRatesFeed();
    expect(down.failure).toMatch(/^the feed could not be reached \((ECONNREFUSED|UND_ERR_SOCKET)\)$/);
    const probe = await httpRates.probe!();
    expect(probe.state).toBe('degraded');
    expect(JSON.stringify(probe)).not.toMatch(/s3cret|feeduser|127\.0\.0\.1/);
    expect((await createBatch(org, [orderItem(org, '1000.00')])).status).toBe(201);
    advanceClock(301_000);
    const tooOld = await createBatch(org, [orderItem(org, '1000.00')]);
    expect(tooOld.status).toBe(503);
    expect(tooOld.headers.get('retry-after')).toBe('60');
  });
});

describe('the poll task', () => {
  const lastAttempt = async () =>
    (await db().select({ at: rateFeedState.lastAttemptAt }).from(rateFeedState))[0]?.at?.getTime() ?? null;

  it('polls only with RATES_ADAPTER=http, and only once the interval has passed', async () => {
    useEnv({
      RATES_ADAPTER: 'manual',
      RATES_URL: 'http://127.0.0.1:9/rates',
      RATES_POLL_INTERVAL_SECONDS: '120',
    });
    const before = await lastAttempt();
    await pollRatesFeedTask.run({}, {} as never);
    expect(await lastAttempt()).toBe(before);

    // A port nothing listens on: the attempt is recorded as failed, and the next tick within the interval skips.
    process.env.RATES_ADAPTER = 'http';
    resetEnvCache();
    advanceClock(10 * 60_000);
    await pollRatesFeedTask.run({}, {} as never);
    const first = await lastAttempt();
    expect(first).not.toBe(before);
    advanceClock(60_000);
    await pollRatesFeedTask.run({}, {} as never);
    expect(await lastAttempt()).toBe(first);
    advanceClock(61_000);
    await pollRatesFeedTask.run({}, {} as never);
    expect(await lastAttempt()).toBeGreaterThan(first!);
  });
});

describe('corridors by staff', () => {
  const corridor = {
    name: 'CHF via SIC',
    currency: 'CHF',
    min_amount: '10',
    max_amount: '500000',
    our_fee_fixed: '20',
    our_fee_percent: '0.10',
    sha_fee_fixed: '12',
    sha_fee_percent: '0.05',
    sha_sender_share: '0.5',
  };

  it('a support lead opens a corridor and replaces its fees, audited; support is refused; bad numbers are named', async () => {
    const lead = await signIn({ staffRole: 'support_lead' });
    const support = await signIn({ staffRole: 'support' });
    expect((await sessionFetch(support, 'POST', '/api/v2/support/pricing/corridors', corridor)).status).toBe(
      403,
    );
    expect((await sessionFetch(support, 'GET', '/api/v2/support/pricing/corridors')).status).toBe(403);

    const invalid = await sessionFetch(lead, 'POST', '/api/v2/support/pricing/corridors', {
      ...corridor,
      min_amount: '600000',
      our_fee_fixed: '1',
    });
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as Refusal).errors?.map((error) => error.field)).toEqual([
      'max_amount',
      'our_fee_fixed',
    ]);
    const malformed = await sessionFetch(lead, 'POST', '/api/v2/support/pricing/corridors', {
      ...corridor,
      currency: 'chf',
      sha_sender_share: '1.5',
    });
    expect(((await malformed.json()) as Refusal).errors?.map((error) => error.field).sort()).toEqual([
      'currency',
      'sha_sender_share',
    ]);

    const created = await sessionFetch(lead, 'POST', '/api/v2/support/pricing/corridors', corridor);
    expect(created.status).toBe(201);
    const row = (await created.json()) as { id: string };
    expect(row).toMatchObject({ ...corridor, status: 'ACTIVE', our_fee_percent: '0.1' });
    expect((await sessionFetch(lead, 'POST', '/api/v2/support/pricing/corridors', corridor)).status).toBe(
      409,
    );
    const second = await sessionFetch(lead, 'POST', '/api/v2/support/pricing/corridors', {
      ...corridor,
      name: 'CHF backup',
      status: 'INACTIVE',
    });
    expect(second.status).toBe(201);

    const fees = { ...corridor, our_fee_fixed: '30', sha_fee_fixed: '15' } as Record<string, string>;
    for (const key of ['name', 'currency', 'min_amount', 'max_amount']) delete fees[key];
    const path = `/api/v2/support/pricing/corridors/${row.id}/fees`;
    expect((await sessionFetch(support, 'PUT', path, fees)).status).toBe(403);
    const updated = await sessionFetch(lead, 'PUT', path, fees);
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ our_fee_fixed: '30', sha_fee_fixed: '15' });
    expect((await sessionFetch(lead, 'PUT', path, { ...fees, our_fee_fixed: '5' })).status).toBe(422);

    const audit = await db().select().from(events).where(eq(events.subjectId, row.id));
    expect(audit.map((event) => [event.type, event.actorId]).sort()).toEqual([
      ['corridor.created', lead.userId],
      ['corridor.fees_updated', lead.userId],
    ]);
    expect(audit.find((event) => event.type === 'corridor.fees_updated')?.data).toMatchObject({
      before: { our_fee_fixed: '20' },
      after: { our_fee_fixed: '30' },
    });

    const list = (await (await sessionFetch(lead, 'GET', '/api/v2/support/pricing/corridors')).json()) as {
      items: { currency: string; name: string; status: string }[];
    };
    expect(
      list.items.filter((item) => item.currency === 'CHF').map((item) => [item.name, item.status]),
    ).toEqual([
      ['CHF backup', 'INACTIVE'],
      ['CHF via SIC', 'ACTIVE'],
    ]);
  });

  it("two leads opening a currency's first corridor at the same moment: one opens it, the other gets 409", async () => {
    const [first, second] = [
      await signIn({ staffRole: 'support_lead' }),
      await signIn({ staffRole: 'support_lead' }),
    ];
    const answers = await Promise.all(
      [first, second].map((lead) =>
        sessionFetch(lead, 'POST', '/api/v2/support/pricing/corridors', {
          ...corridor,
          name: 'SEK',
          currency: 'SEK',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });
});
