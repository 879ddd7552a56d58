// Owns the currency rules applied to amounts: rendering by ./round (the one rounding rule, also the browser's) and
// the rounding up of what a client must fund. Re-exports the currency facts (./facts).
import { Decimal, dec } from './decimal';
import { type FiatCurrency, USDT } from './facts';
import { roundForCurrency, SIGNED_DECIMAL } from './round';

export {
  FIAT_CURRENCIES,
  type FiatCurrency,
  isFiatCurrency,
  minorUnits,
  USDT,
  USDT_MAX_DECIMALS,
} from './facts';

/** The amount as a plain decimal string for the one rounding rule in ./round; other forms ("1e3", "0.") via decimal.js. */
const plain = (amount: string | Decimal): string =>
  typeof amount === 'string' && SIGNED_DECIMAL.test(amount) ? amount : dec(amount).toFixed();

/** Renders a fiat amount with exactly the currency's minor units ("100.5" EUR → "100.50"), half to even. */
export function formatFiat(amount: string | Decimal, currency: FiatCurrency): string {
  return roundForCurrency(plain(amount), currency);
}

/** Renders a USDT amount with at least 2 and at most 6 decimals ("100" → "100.00", "1.2345" → "1.2345"). */
export function formatUsdt(amount: string | Decimal): string {
  return roundForCurrency(plain(amount), USDT);
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
