// Owns the demo's quote inputs: an FX rate and an active corridor per seeded currency, and the organizations' margins.
import { and, desc, eq, lte } from 'drizzle-orm';
import { corridors, fxRates } from '@/db/schema/pricing';
import type { DemoOrgKey, SeededPeople } from '@/lib/identity/server';
import { SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import type { SeedContext } from '@/lib/platform/seed/context';
import { days, minutesBefore } from '@/lib/platform/seed/time';
import { appendRate, applyMargin, openCorridor } from '@/lib/pricing/server/pricing-console';
import type { FeeSchedule } from '@/lib/pricing/server/quote-engine';

export const DEMO_CURRENCIES = ['EUR', 'GBP', 'INR', 'USD', 'MXN', 'JPY'] as const;
export type DemoCurrency = (typeof DEMO_CURRENCIES)[number];

/** Units of the currency one USDT buys, mid-market (see fx_rates.units_per_usdt). */
export const DEMO_FX_RATES: Record<DemoCurrency, string> = {
  EUR: '0.9210',
  GBP: '0.7890',
  INR: '83.2500',
  USD: '0.9998',
  MXN: '17.0500',
  JPY: '151.2000',
};

interface CorridorSpec {
  name: string;
  minAmount: string;
  maxAmount: string;
  fees: FeeSchedule;
}

/** Every schedule keeps OUR ≥ sha_sender_share × SHA on both the fixed and the percent part (the corridor CHECKs). */
export const DEMO_CORRIDORS: Record<DemoCurrency, CorridorSpec> = {
  EUR: {
    name: 'EUR payouts (SEPA and SWIFT)',
    minAmount: '10.00',
    maxAmount: '1000000.00',
    fees: {
      ourFeeFixed: '25',
      ourFeePercent: '0.10',
      shaFeeFixed: '15',
      shaFeePercent: '0.05',
      shaSenderShare: '0.5',
    },
  },
  GBP: {
    name: 'GBP payouts (Faster Payments and CHAPS)',
    minAmount: '10.00',
    maxAmount: '1000000.00',
    fees: {
      ourFeeFixed: '20',
      ourFeePercent: '0.10',
      shaFeeFixed: '12',
      shaFeePercent: '0.05',
      shaSenderShare: '0.5',
    },
  },
  INR: {
    name: 'INR payouts (NEFT and RTGS)',
    minAmount: '500.00',
    maxAmount: '50000000.00',
    fees: {
      ourFeeFixed: '1500',
      ourFeePercent: '0.15',
      shaFeeFixed: '900',
      shaFeePercent: '0.10',
      shaSenderShare: '0.5',
    },
  },
  USD: {
    name: 'USD payouts (Fedwire and SWIFT)',
    minAmount: '10.00',
    maxAmount: '2000000.00',
    fees: {
      ourFeeFixed: '30',
      ourFeePercent: '0.10',
      shaFeeFixed: '20',
      shaFeePercent: '0.05',
      shaSenderShare: '0.5',
    },
  },
  MXN: {
    name: 'MXN payouts (SPEI)',
    minAmount: '200.00',
    maxAmount: '20000000.00',
    fees: {
      ourFeeFixed: '450',
      ourFeePercent: '0.15',
      shaFeeFixed: '300',
      shaFeePercent: '0.10',
      shaSenderShare: '0.6',
    },
  },
  JPY: {
    name: 'JPY payouts (Zengin)',
    minAmount: '1000',
    maxAmount: '200000000',
    fees: {
      ourFeeFixed: '4000',
      ourFeePercent: '0.10',
      shaFeeFixed: '2500',
      shaFeePercent: '0.05',
      shaSenderShare: '0.5',
    },
  },
};

/** Basis points on the USDT amount; a currency row overrides the organization's default (currency null). */
export const DEMO_MARGINS: readonly { org: DemoOrgKey; currency: DemoCurrency | null; marginBps: string }[] =
  [
    { org: 'acme', currency: null, marginBps: '45' },
    { org: 'acme', currency: 'JPY', marginBps: '35' },
    { org: 'globex', currency: null, marginBps: '60' },
  ];

export function demoMarginBps(org: DemoOrgKey, currency: DemoCurrency): string {
  const override = DEMO_MARGINS.find((margin) => margin.org === org && margin.currency === currency);
  const fallback = DEMO_MARGINS.find((margin) => margin.org === org && margin.currency === null);
  const margin = override ?? fallback;
  if (!margin) throw new Error(`no demo margin for ${org}`);
  return margin.marginBps;
}

export interface SeededPricing {
  rates: Record<DemoCurrency, { id: string; unitsPerUsdt: string }>;
  corridors: Record<DemoCurrency, { id: string; minAmount: string; maxAmount: string; fees: FeeSchedule }>;
  insertedRates: number;
  insertedCorridors: number;
  insertedMargins: number;
}

/**
 * Rates and corridors are provider-wide: a database where staff already published a rate or opened a corridor keeps
 * theirs, and the demo's quotes use whatever is in force. Margins belong to the demo organizations, which are new.
 */
export async function seedPricing(ctx: SeedContext, people: SeededPeople): Promise<SeededPricing> {
  // Before the oldest seeded batch, so every historic quote was made at a rate already in force.
  const effectiveAt = minutesBefore(ctx.at, days(45));
  const rates = {} as SeededPricing['rates'];
  const corridorRows = {} as SeededPricing['corridors'];
  let insertedRates = 0;
  let insertedCorridors = 0;

  for (const currency of DEMO_CURRENCIES) {
    const [rate] = await ctx.tx
      .select({ id: fxRates.id, unitsPerUsdt: fxRates.unitsPerUsdt })
      .from(fxRates)
      .where(and(eq(fxRates.currency, currency), lte(fxRates.effectiveAt, ctx.at)))
      .orderBy(desc(fxRates.effectiveAt))
      .limit(1);
    rates[currency] =
      rate ??
      (await appendRate(ctx.tx, {
        currency,
        unitsPerUsdt: DEMO_FX_RATES[currency],
        source: 'seed',
        at: effectiveAt,
        actor: SYSTEM_ACTOR,
        createdByUserId: null,
      }));
    if (!rate) insertedRates += 1;

    const [corridor] = await ctx.tx
      .select()
      .from(corridors)
      .where(and(eq(corridors.currency, currency), eq(corridors.status, 'ACTIVE')));
    const { name, minAmount, maxAmount, fees } = DEMO_CORRIDORS[currency];
    const row =
      corridor ??
      (await openCorridor(
        ctx.tx,
        { name, currency, minAmount, maxAmount, ...fees },
        { at: effectiveAt, actor: SYSTEM_ACTOR, source: 'demo_seed' },
      ));
    if (!corridor) insertedCorridors += 1;
    corridorRows[currency] = {
      id: row.id,
      minAmount: row.minAmount,
      maxAmount: row.maxAmount,
      fees: {
        ourFeeFixed: row.ourFeeFixed,
        ourFeePercent: row.ourFeePercent,
        shaFeeFixed: row.shaFeeFixed,
        shaFeePercent: row.shaFeePercent,
        shaSenderShare: row.shaSenderShare,
      },
    };
  }

  // Staff-only information (never shown to the client), so the events name the support lead who set it.
  for (const margin of DEMO_MARGINS) {
    await applyMargin(ctx.tx, {
      orgId: people.orgs[margin.org],
      currency: margin.currency,
      marginBps: margin.marginBps,
      byUserId: people.users.supportLead,
      at: effectiveAt,
    });
  }

  return {
    rates,
    corridors: corridorRows,
    insertedRates,
    insertedCorridors,
    insertedMargins: DEMO_MARGINS.length,
  };
}
