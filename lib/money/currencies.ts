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

/** Renders a fiat amount with exactly the currency's minor units ("100.5" EUR → "100.50"). */
export function formatFiat(amount: string | Decimal, currency: FiatCurrency): string {
  return dec(amount).toFixed(minorUnits(currency), Decimal.ROUND_HALF_EVEN);
}

/** Renders a USDT amount with at least 2 and at most 6 decimals ("100" → "100.00", "1.2345" → "1.2345"). */
export function formatUsdt(amount: string | Decimal): string {
  const value = dec(amount).toDecimalPlaces(USDT_MAX_DECIMALS, Decimal.ROUND_HALF_EVEN);
  return value.decimalPlaces() < USDT_MIN_RENDER_DECIMALS
    ? value.toFixed(USDT_MIN_RENDER_DECIMALS)
    : value.toFixed();
}

/** Rounds a USDT amount the client must fund up to 2 decimals, so the provider is never short a fraction. */
export function roundUpUsdtQuote(amount: string | Decimal): string {
  return dec(amount).toFixed(2, Decimal.ROUND_UP);
}
