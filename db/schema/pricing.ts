// Owns the quote inputs staff edit: FX rates, corridors with their fee schedules, and organization margins.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CORRIDOR_STATUSES, type CorridorStatus } from '@/lib/pricing/contract/enums';
import { amount, createdAt, id, oneOf, rate, timestampMs, updatedAt } from './_columns';
import { orgId } from './_org-id';
import { users } from './identity/users';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export { CORRIDOR_STATUSES, type CorridorStatus } from '@/lib/pricing/contract/enums';

/**
 * A treasury rate sheet (RATES_ADAPTER=manual): the rates of every currency the provider pays, published together by
 * a treasury staff member and in force from `published_at` until `valid_until`. Its rates are fx_rates rows pointing
 * at it (source `sheet`). Quotes use the newest sheet; once it is past `valid_until` the source is stale and quoting
 * is refused (503 `rates_unavailable`) until treasury publishes the next one. Never edited: a new sheet replaces it.
 */
export const rateSheets = pgTable(
  'rate_sheets',
  {
    id: id(),
    publishedAt: timestampMs('published_at').notNull(),
    validUntil: timestampMs('valid_until').notNull(),
    publishedByUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('rate_sheets_published_idx').on(t.publishedAt.desc()),
    check('rate_sheets_valid_after_published', sql`${t.validUntil} > ${t.publishedAt}`),
  ],
);

/**
 * What the rates feed poller (RATES_ADAPTER=http) last saw, per source: when it last tried, when it last stored good
 * rates, and why the last attempt failed (never the feed URL). The probe and the logs read it; quoting reads fx_rates.
 */
export const rateFeedState = pgTable('rate_feed_state', {
  source: text().primaryKey(),
  lastAttemptAt: timestampMs('last_attempt_at'),
  lastSuccessAt: timestampMs('last_success_at'),
  lastError: text(),
  updatedAt: updatedAt(),
});

/**
 * FX rates, one row per published rate; history is kept and the row with the latest `effective_at`
 * not in the future wins.
 *
 * Direction: `units_per_usdt` is how many units of `currency` one USDT buys, at mid-market, before
 * margin (EUR 0.92 means 1 USDT = 0.92 EUR; JPY 150 means 1 USDT = 150 JPY). This is the market's
 * own quoting convention for USDT/fiat, keeps full precision for large-unit currencies (VND, IDR),
 * and reads naturally to the staff who edit it. The quote converts with
 * `usdt = fiat / units_per_usdt`. The column is named for its direction so no one inverts it.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    id: id(),
    /** ISO 4217 fiat currency; the other side is always USDT. */
    currency: text().notNull(),
    unitsPerUsdt: rate('units_per_usdt').notNull(),
    /** Where the rate came from: `seed`, `staff`, `sheet` (a treasury rate sheet), or `adapter:<name>` for a live rate source. */
    source: text().notNull(),
    /** For a live source, the feed's `as_of`; for a sheet, its publication. */
    effectiveAt: timestampMs('effective_at').notNull(),
    /** The treasury rate sheet this rate belongs to (source `sheet`); null otherwise. */
    rateSheetId: uuid().references((): AnyPgColumn => rateSheets.id, { onDelete: 'restrict' }),
    /** Null when a seed or an adapter published the rate. */
    createdByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Serves "latest effective rate per currency" and forbids two rates at one instant (ambiguous quotes).
    uniqueIndex('fx_rates_currency_effective_key').on(t.currency, t.effectiveAt.desc().nullsFirst()),
    check('fx_rates_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('fx_rates_rate_positive', sql`${t.unitsPerUsdt} > 0`),
    index('fx_rates_rate_sheet_idx').on(t.rateSheetId),
    // The feed's freshness check on every quote ("any feed rate newer than the max age?") reads one entry of this.
    index('fx_rates_source_effective_idx').on(t.source, t.effectiveAt.desc()),
  ],
);

/**
 * A payout corridor per beneficiary currency: limits and the wire-fee schedule per fee_type, all in
 * the corridor's currency. Percent columns are percentages (0.25 = 0.25 % of beneficiary_amount).
 *
 * Fee rule (B = beneficiary_amount):
 *   fee_total(OUR)    = our_fee_fixed + our_fee_percent / 100 × B   (the client funds all of it)
 *   fee_total(SHA)    = sha_fee_fixed + sha_fee_percent / 100 × B
 *   client_share(SHA) = sha_sender_share × fee_total(SHA)  (the rest is deducted on the receiving side)
 *   fee_amount        = the client's share, rounded to the currency's minor units
 *   source_amount     = round_up_2((B + fee_amount) / units_per_usdt × (1 + margin_bps / 10000))
 * Both fee lines are linear in B, so `our ≥ sha_sender_share × sha` on the fixed part and on the
 * percent part (the two CHECKs below) make OUR's fee ≥ SHA's client share for every B ≥ 0. Rounding
 * the fee (same mode for both) and the USDT conversion are non-decreasing, so OUR's source_amount is
 * ≥ SHA's for the same order.
 */
export const corridors = pgTable(
  'corridors',
  {
    id: id(),
    name: text().notNull(),
    /** ISO 4217 beneficiary currency this corridor pays out in. */
    currency: text().notNull(),
    status: text().$type<CorridorStatus>().notNull().default('ACTIVE'),
    /** Limits on beneficiary_amount, in the corridor's currency (numbers on the wire, numeric here). */
    minAmount: amount('min_amount').notNull(),
    maxAmount: amount('max_amount').notNull(),
    ourFeeFixed: amount('our_fee_fixed').notNull().default('0'),
    ourFeePercent: rate('our_fee_percent').notNull().default('0'),
    shaFeeFixed: amount('sha_fee_fixed').notNull().default('0'),
    shaFeePercent: rate('sha_fee_percent').notNull().default('0'),
    /** Fraction (0..1) of the SHA fee the client funds; the sending-side share under SWIFT convention. */
    shaSenderShare: rate('sha_sender_share').notNull().default('0.5'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The quote engine picks "the" corridor of a currency: at most one may be active at a time.
    uniqueIndex('corridors_active_currency_key').on(t.currency).where(sql`${t.status} = 'ACTIVE'`),
    index('corridors_created_idx').on(t.createdAt, t.id),
    index('corridors_status_created_idx').on(t.status, t.createdAt, t.id),
    index('corridors_currency_idx').on(t.currency),
    oneOf('corridors_status_valid', t.status, CORRIDOR_STATUSES),
    check('corridors_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('corridors_name_present', sql`btrim(${t.name}) <> ''`),
    check('corridors_min_positive', sql`${t.minAmount} > 0`),
    check('corridors_min_le_max', sql`${t.minAmount} <= ${t.maxAmount}`),
    check(
      'corridors_fees_non_negative',
      sql`${t.ourFeeFixed} >= 0 and ${t.shaFeeFixed} >= 0 and ${t.ourFeePercent} >= 0 and ${t.shaFeePercent} >= 0`,
    ),
    check('corridors_fee_percent_below_100', sql`${t.ourFeePercent} < 100 and ${t.shaFeePercent} < 100`),
    check('corridors_sha_share_fraction', sql`${t.shaSenderShare} between 0 and 1`),
    check('corridors_our_fixed_covers_sha', sql`${t.ourFeeFixed} >= ${t.shaFeeFixed} * ${t.shaSenderShare}`),
    check(
      'corridors_our_percent_covers_sha',
      sql`${t.ourFeePercent} >= ${t.shaFeePercent} * ${t.shaSenderShare}`,
    ),
  ],
);

/**
 * The provider's margin per organization, in basis points on the USDT amount (50 = 0.50 %).
 * `currency` null is the organization's default for every currency; a currency row overrides it.
 * An organization with no row uses the platform default from configuration.
 */
export const organizationMargins = pgTable(
  'organization_margins',
  {
    id: id(),
    orgId: orgId(),
    currency: text(),
    marginBps: numeric('margin_bps', { precision: 10, scale: 4 }).notNull(),
    updatedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // NULLS NOT DISTINCT (PostgreSQL 15+): one default row per organization, one row per currency.
    unique('organization_margins_org_currency_key').on(t.orgId, t.currency).nullsNotDistinct(),
    check('organization_margins_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('organization_margins_bps_range', sql`${t.marginBps} >= 0 and ${t.marginBps} < 10000`),
  ],
);
