// The support lead's pricing console through the real route files: only support leads see and change rates,
// corridors and margins; every change is an audited event with before and after; rates are appended, never edited.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { db } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { corridors, fxRates } from '@/db/schema/pricing';
import { advanceClock, resetClock } from '@/lib/platform/clock';
import { sendByKey } from '../api';
import { sessionFetch, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

async function newCorridor(currency: string) {
  const [row] = await db()
    .insert(corridors)
    .values({ name: `${currency} test corridor`, currency, minAmount: '10', maxAmount: '1000' })
    .returning();
  return row!;
}

/** A currency code no other test uses (rates and active corridors are per currency, across the database). */
function testCurrency(): string {
  return Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
}

describe('pricing (support lead)', () => {
  it('support, client users and keys cannot see or change pricing', async () => {
    const org = await createTestOrganization();
    const support = await signIn({ staffRole: 'support' });
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const corridor = await newCorridor(testCurrency());
    const attempts: [string, string, unknown][] = [
      ['GET', '/api/v2/support/pricing', undefined],
      ['POST', '/api/v2/support/pricing/rates', { currency: 'EUR', units_per_usdt: '1' }],
      ['PATCH', `/api/v2/support/pricing/corridors/${corridor.id}`, { max_amount: '5' }],
      ['PUT', '/api/v2/support/pricing/margins', { org_id: org.orgId, currency: null, margin_bps: '1' }],
    ];
    for (const [method, path, body] of attempts) {
      expect((await sessionFetch(support, method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await sessionFetch(admin, method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await sendByKey(org.credentials, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    const [unchanged] = await db().select().from(corridors).where(eq(corridors.id, corridor.id));
    expect(unchanged?.maxAmount).toBe('1000.000000');
  });

  it('publishing a rate appends to the history and records the old and new rate', async () => {
    const lead = await signIn({ staffRole: 'support_lead' });
    const currency = testCurrency();
    const first = await sessionFetch(lead, 'POST', '/api/v2/support/pricing/rates', {
      currency,
      units_per_usdt: '0.9210',
    });
    expect(first.status).toBe(201);
    // The second rate is published a second later (by the app's clock, not a wait), so it is the current one.
    advanceClock(1_000);
    onTestFinished(resetClock);
    const second = await sessionFetch(lead, 'POST', '/api/v2/support/pricing/rates', {
      currency,
      units_per_usdt: '0.95',
    });
    expect(second.status).toBe(201);

    const history = await db().select().from(fxRates).where(eq(fxRates.currency, currency));
    expect(history.map((row) => row.unitsPerUsdt).sort()).toEqual(['0.921000000000', '0.950000000000']);
    const pricing = (await (await sessionFetch(lead, 'GET', '/api/v2/support/pricing')).json()) as {
      rates: { currency: string; units_per_usdt: string }[];
    };
    expect(pricing.rates.find((rate) => rate.currency === currency)?.units_per_usdt).toBe('0.95');

    const published = await db()
      .select()
      .from(events)
      .where(and(eq(events.type, 'fx_rate.published'), eq(events.actorId, lead.userId)));
    expect(published.map((event) => event.data)).toEqual(
      expect.arrayContaining([
        { currency, source: 'staff', units_per_usdt: '0.95', previous_units_per_usdt: '0.921' },
      ]),
    );

    const bad = await sessionFetch(lead, 'POST', '/api/v2/support/pricing/rates', {
      currency: 'eur',
      units_per_usdt: '0',
    });
    expect(bad.status).toBe(422);
  });

  it('a corridor’s limits and status change with a before/after event; impossible limits are refused', async () => {
    const lead = await signIn({ staffRole: 'support_lead' });
    const currency = testCurrency();
    const corridor = await newCorridor(currency);
    const path = `/api/v2/support/pricing/corridors/${corridor.id}`;

    const changed = await sessionFetch(lead, 'PATCH', path, { max_amount: '500' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ min_amount: '10', max_amount: '500', status: 'ACTIVE' });
    const [event] = await db()
      .select()
      .from(events)
      .where(and(eq(events.type, 'corridor.updated'), eq(events.subjectId, corridor.id)));
    expect(event?.data).toEqual({
      currency,
      before: { status: 'ACTIVE', min_amount: '10', max_amount: '1000' },
      after: { status: 'ACTIVE', min_amount: '10', max_amount: '500' },
    });

    expect((await sessionFetch(lead, 'PATCH', path, { min_amount: '600' })).status).toBe(422);
    expect((await sessionFetch(lead, 'PATCH', path, {})).status).toBe(422);
    expect(
      (
        await sessionFetch(lead, 'PATCH', `/api/v2/support/pricing/corridors/${randomUUID()}`, {
          max_amount: '1',
        })
      ).status,
    ).toBe(404);

    // Only one active corridor per currency.
    expect((await sessionFetch(lead, 'PATCH', path, { status: 'INACTIVE' })).status).toBe(200);
    await newCorridor(currency);
    expect((await sessionFetch(lead, 'PATCH', path, { status: 'ACTIVE' })).status).toBe(409);
  });

  it('sets an organization margin (default and per currency) with the previous value recorded', async () => {
    const lead = await signIn({ staffRole: 'support_lead' });
    const org = await createTestOrganization({ name: 'Margin Co' });
    const body = { org_id: org.orgId, currency: null, margin_bps: '50' };
    expect((await sessionFetch(lead, 'PUT', '/api/v2/support/pricing/margins', body)).status).toBe(200);
    const again = await sessionFetch(lead, 'PUT', '/api/v2/support/pricing/margins', {
      ...body,
      margin_bps: '75.5',
    });
    expect(await again.json()).toMatchObject({ org_name: 'Margin Co', currency: null, margin_bps: '75.5' });
    const perCurrency = await sessionFetch(lead, 'PUT', '/api/v2/support/pricing/margins', {
      org_id: org.orgId,
      currency: 'EUR',
      margin_bps: '20',
    });
    expect(perCurrency.status).toBe(200);

    const pricing = (await (await sessionFetch(lead, 'GET', '/api/v2/support/pricing')).json()) as {
      margins: { org_id: string; currency: string | null; margin_bps: string }[];
    };
    expect(pricing.margins.filter((margin) => margin.org_id === org.orgId)).toEqual([
      expect.objectContaining({ currency: 'EUR', margin_bps: '20' }),
      expect.objectContaining({ currency: null, margin_bps: '75.5' }),
    ]);
    const recorded = await db()
      .select()
      .from(events)
      .where(and(eq(events.type, 'organization_margin.set'), eq(events.orgId, org.orgId)));
    expect(recorded.map((event) => event.data)).toEqual(
      expect.arrayContaining([{ currency: null, margin_bps: '75.5', previous_margin_bps: '50' }]),
    );

    expect(
      (await sessionFetch(lead, 'PUT', '/api/v2/support/pricing/margins', { ...body, margin_bps: '10000' }))
        .status,
    ).toBe(422);
    expect(
      (await sessionFetch(lead, 'PUT', '/api/v2/support/pricing/margins', { ...body, org_id: randomUUID() }))
        .status,
    ).toBe(404);
  });
});
