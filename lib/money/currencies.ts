// Owns currency facts: ISO 4217 minor units for the currencies we pay out, plus USDT's own rules.
import { Decimal, dec } from './decimal';

/** Minor units per ISO 4217 for the fiat currencies the product supports (extend with care). */
export const FIAT_MINOR_UNITS = {
  AED: 2,
  AUD: 2,
  BHD: 3,
  BRL: 2,
  CAD: 2,
  CHF: 2,
  CNY: 2,
  EUR: 2,
  GBP: 2,
  HKD: 2,
  IDR: 2,
  INR: 2,
  JPY: 0,
  KRW: 0,
  KWD: 3,
  MXN: 2,
  NGN: 2,
  PHP: 2,
  PLN: 2,
  SGD: 2,
  TRY: 2,
  USD: 2,
  VND: 0,
  ZAR: 2,
} as const satisfies Record<string, number>;

export type FiatCurrency = keyof typeof FIAT_MINOR_UNITS;
export const FIAT_CURRENCIES = Object.keys(FIAT_MINOR_UNITS) as FiatCurrency[];

/** USDT is not in ISO 4217: balances and movements keep up to 6 decimals and render at least 2. */
export const USDT = 'USDT' as const;
export const USDT_MAX_DECIMALS = 6;
export const USDT_MIN_RENDER_DECIMALS = 2;

export function isFiatCurrency(code: string): code is FiatCurrency {
  return Object.hasOwn(FIAT_MINOR_UNITS, code);
}

export function minorUnits(currency: FiatCurrency): number {
  return FIAT_MINOR_UNITS[currency];
}

/** A non-negative decimal in canonical form (no leading zeros, no exponent): what PostgreSQL prints for numeric. */
const CANONICAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * The fast path of the formatters below, for the common case of a database `numeric::text` whose digits past `places`
 * are all zeros, so no rounding is needed: its whole part and its first `places` fraction digits, as strings. Anything
 * else (a digit to round, a sign, an exponent) returns null and goes through decimal.js, whose result this equals (a
 * property test checks it); rendering thousands of orders no longer builds thousands of Decimals.
 */
function splitExact(amount: string, places: number): { whole: string; fraction: string } | null {
  const match = CANONICAL.exec(amount);
  if (!match) return null;
  const fraction = match[2] ?? '';
  for (let i = places; i < fraction.length; i += 1) if (fraction.charCodeAt(i) !== 48) return null;
  return { whole: match[1]!, fraction: fraction.slice(0, places) };
}

/** Renders a fiat amount with exactly the currency's minor units ("100.5" EUR → "100.50"). */
export function formatFiat(amount: string | Decimal, currency: FiatCurrency): string {
  const places = minorUnits(currency);
  if (typeof amount === 'string') {
    const split = splitExact(amount, places);
    if (split) return places === 0 ? split.whole : `${split.whole}.${split.fraction.padEnd(places, '0')}`;
  }
  return dec(amount).toFixed(places, Decimal.ROUND_HALF_EVEN);
}

/** Renders a USDT amount with at least 2 and at most 6 decimals ("100" → "100.00", "1.2345" → "1.2345"). */
export function formatUsdt(amount: string | Decimal): string {
  if (typeof amount === 'string') {
    const split = splitExact(amount, USDT_MAX_DECIMALS);
    if (split) {
      const fraction = split.fraction.replace(/0+$/, '').padEnd(USDT_MIN_RENDER_DECIMALS, '0');
      return `${split.whole}.${fraction}`;
    }
  }
  const value = dec(amount).toDecimalPlaces(USDT_MAX_DECIMALS, Decimal.ROUND_HALF_EVEN);
  return value.decimalPlaces() < USDT_MIN_RENDER_DECIMALS
    ? value.toFixed(USDT_MIN_RENDER_DECIMALS)
    : value.toFixed();
}

/** Rounds a USDT amount the client must fund up to 2 decimals, so the provider is never short a fraction. */
export function roundUpUsdtQuote(amount: string | Decimal): string {
  return dec(amount).toFixed(2, Decimal.ROUND_UP);
}
