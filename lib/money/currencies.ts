// Owns currency rounding: the currency facts (./facts, re-exported here) applied with decimal arithmetic.
import { Decimal, dec } from './decimal';
import { type FiatCurrency, minorUnits, USDT_MAX_DECIMALS, USDT_MIN_RENDER_DECIMALS } from './facts';

export {
  FIAT_CURRENCIES,
  FIAT_MINOR_UNITS,
  type FiatCurrency,
  isFiatCurrency,
  minorUnits,
  USDT,
  USDT_MAX_DECIMALS,
  USDT_MIN_RENDER_DECIMALS,
} from './facts';

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

/**
 * How much USDT is missing to fund `needed` from `available`, rounded UP to 2 decimals (null when nothing is
 * missing): depositing the figure shown must be enough, so it is never rounded down.
 */
export function usdtShortfall(needed: string | Decimal, available: string | Decimal): string | null {
  const missing = dec(needed).minus(available);
  return missing.gt(0) ? missing.toFixed(2, Decimal.ROUND_UP) : null;
}
