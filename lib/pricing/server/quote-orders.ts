// Owns quoting a list of orders against the database: corridors (currency, status, limits, fees), the rate in
// force (through the rates adapter) and the organization's margin — a constant number of queries for any list.
import { eq, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Executor } from '@/db/client';
import type { FeeType } from '@/db/schema/payouts';
import { corridors as corridorsTable, organizationMargins } from '@/db/schema/pricing';
import { textArray } from '@/db/sql';
import { type FxRate, rates } from '@/lib/platform/adapters/rates';
import { env } from '@/lib/platform/env';
import type { FieldError } from '@/lib/platform/errors/api-error';
import type { FieldErrorCode } from '@/lib/platform/errors/field-codes';
import { dec, isFiatCurrency } from '@/lib/platform/money';
import { type FeeSchedule, type QuoteResult, quoteOrder } from './quote-engine';

export interface OrderToQuote {
  /** Field path prefix of the order in the request, e.g. `orders.2`. */
  path: string;
  beneficiaryAmount: string;
  currency: string;
  feeType: FeeType;
}

/** Everything the order's quote snapshot keeps (staff and reconciliation only; never on the wire). */
export interface OrderQuote extends QuoteResult {
  corridorId: string;
  fxRateId: string;
  unitsPerUsdt: string;
  marginBps: string;
}

const c = corridorsTable;
/** What quoting reads of a corridor. */
const corridorFields = {
  id: c.id,
  currency: c.currency,
  status: c.status,
  minAmount: c.minAmount,
  maxAmount: c.maxAmount,
  ourFeeFixed: c.ourFeeFixed,
  ourFeePercent: c.ourFeePercent,
  shaFeeFixed: c.shaFeeFixed,
  shaFeePercent: c.shaFeePercent,
  shaSenderShare: c.shaSenderShare,
};
type CorridorRow = SelectResultFields<typeof corridorFields>;

export interface Pricing {
  corridors: Map<string, CorridorRow[]>;
  rates: Map<string, FxRate>;
  /** Per currency (null: the organization's default). */
  margins: Map<string | null, string>;
}

/** Corridors, rates and margins for the currencies of a batch, in three queries. */
export async function loadPricing(
  executor: Executor,
  orgId: string,
  currencies: readonly string[],
  at: Date,
): Promise<Pricing> {
  const codes = [...new Set(currencies)];
  const [corridorRows, rateMap, marginRows] = await Promise.all([
    executor
      .select(corridorFields)
      .from(c)
      .where(sql`${c.currency} = any(${textArray(codes)}::text[])`),
    rates().currentRates(executor, codes, at),
    executor
      .select({ currency: organizationMargins.currency, marginBps: organizationMargins.marginBps })
      .from(organizationMargins)
      .where(eq(organizationMargins.orgId, orgId)),
  ]);
  const corridors = new Map<string, CorridorRow[]>();
  for (const row of corridorRows) corridors.set(row.currency, [...(corridors.get(row.currency) ?? []), row]);
  return {
    corridors,
    rates: rateMap,
    margins: new Map(marginRows.map((row) => [row.currency, row.marginBps])),
  };
}

function marginFor(pricing: Pricing, currency: string): string {
  return pricing.margins.get(currency) ?? pricing.margins.get(null) ?? String(env().DEFAULT_MARGIN_BPS);
}

const trimAmount = (value: string) => dec(value).toFixed();

/**
 * Quotes each order or says, with the order's field path, why it cannot be quoted: an unsupported currency, an
 * inactive corridor, an amount outside the corridor's limits, or no rate in force. Pure after `loadPricing`.
 */
export function quoteWith(
  pricing: Pricing,
  orders: readonly OrderToQuote[],
): { quotes: (OrderQuote | undefined)[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const quotes = orders.map((order): OrderQuote | undefined => {
    const field = `${order.path}.beneficiary_currency`;
    const fail = (code: FieldErrorCode, at: string, message: string) => {
      errors.push({ field: at, code, message: `${at}: ${message}` });
      return undefined;
    };
    const candidates = pricing.corridors.get(order.currency) ?? [];
    const corridor = candidates.find((row) => row.status === 'ACTIVE');
    if (!isFiatCurrency(order.currency) || candidates.length === 0)
      return fail('unsupported_currency', field, `${order.currency} is not a supported payout currency`);
    if (!corridor)
      return fail('corridor_inactive', field, `payouts in ${order.currency} are suspended at the moment`);
    const amount = dec(order.beneficiaryAmount);
    if (amount.lt(corridor.minAmount) || amount.gt(corridor.maxAmount)) {
      return fail(
        'amount_outside_corridor',
        `${order.path}.beneficiary_amount`,
        `must be between ${trimAmount(corridor.minAmount)} and ${trimAmount(corridor.maxAmount)} ${order.currency}`,
      );
    }
    const rate = pricing.rates.get(order.currency);
    if (!rate) return fail('no_rate', field, `no rate is available for ${order.currency} right now`);
    const fees: FeeSchedule = {
      ourFeeFixed: corridor.ourFeeFixed,
      ourFeePercent: corridor.ourFeePercent,
      shaFeeFixed: corridor.shaFeeFixed,
      shaFeePercent: corridor.shaFeePercent,
      shaSenderShare: corridor.shaSenderShare,
    };
    const marginBps = marginFor(pricing, order.currency);
    const quote = quoteOrder({
      beneficiaryAmount: order.beneficiaryAmount,
      currency: order.currency,
      feeType: order.feeType,
      unitsPerUsdt: rate.unitsPerUsdt,
      marginBps,
      fees,
    });
    return {
      ...quote,
      corridorId: corridor.id,
      fxRateId: rate.id,
      unitsPerUsdt: rate.unitsPerUsdt,
      marginBps,
    };
  });
  return { quotes, errors };
}
