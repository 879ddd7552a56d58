// Owns how money reads on screen and in documents: the one money formatter of every page. The digits are the API's
// and the statement CSV's, from the one rounding rule (lib/platform/money/round.ts: fiat at its ISO 4217 minor units, USDT at
// least 2 and up to 6 decimals), so a page and a statement agree to the unit; this adds only the reader's separators.
// No decimal.js and never a JS number: every portal page formats money.
import { isFiatCurrency, minorUnits } from '@/lib/platform/money/facts';
import { roundForCurrency, roundUp, SIGNED_DECIMAL } from '@/lib/platform/money/round';

export { roundForCurrency };

export interface MoneyFormatOptions {
  /** BCP 47 locale for the separators ("en-US" → 1,234.50; "de-DE" → 1.234,50). Defaults to en-US. */
  locale?: string;
  /** "always" puts + on positive amounts (ledger changes); "auto" shows only the minus. */
  signDisplay?: 'auto' | 'always' | 'exceptZero';
  /** Append the currency code ("1,234.50 USDT"). Default true. */
  withCurrency?: boolean;
  /**
   * "up" for a shortfall: away from zero to the currency's minor units (USDT: the cent), so depositing the figure
   * shown covers it. Default: the currency's rule, half to even (USDT keeps up to 6 decimals, so nothing rounds).
   */
  rounding?: 'half-even' | 'up';
}

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, digits: number, signDisplay: MoneyFormatOptions['signDisplay']) {
  const key = `${locale}|${digits}|${signDisplay}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: true,
      signDisplay,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The amount as a view shows it, as a plain decimal string: the currency's rule, or rounded up for a shortfall. */
function rounded(amount: string, currency: string, rounding: MoneyFormatOptions['rounding']): string {
  if (rounding !== 'up') return roundForCurrency(amount, currency);
  if (!SIGNED_DECIMAL.test(amount)) throw new TypeError(`not a decimal string: ${JSON.stringify(amount)}`);
  const negative = amount.startsWith('-');
  const result = roundUp(amount.replace(/^[+-]/, ''), isFiatCurrency(currency) ? minorUnits(currency) : 2);
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}

/**
 * Formats a decimal string of money: "158855.495365" USDT → "158,855.495365 USDT", "1555" EUR → "1,555.00 EUR".
 * Fiat keeps exactly its ISO 4217 minor units (JPY 0, BHD 3); USDT 2 to 6 decimals, as the API and the statement
 * write it. Takes strings only, and the grouping is done on the exact string (Intl.NumberFormat formats numeric
 * strings without converting them to floating point), so no digit is ever lost.
 */
export function formatMoney(amount: string, currency: string, options: MoneyFormatOptions = {}): string {
  const figure = rounded(amount, currency, options.rounding);
  const dot = figure.indexOf('.');
  const digits = dot === -1 ? 0 : figure.length - dot - 1;
  const locale = options.locale ?? 'en-US';
  const text = numberFormat(locale, digits, options.signDisplay ?? 'auto').format(
    figure as Intl.StringNumericLiteral,
  );
  return options.withCurrency === false ? text : `${text} ${currency}`;
}

/**
 * A JSON number of an API field that is not (yet) a decimal string, as a plain decimal string for formatMoney:
 * 1234.5 → "1234.5", 1e21 → "1000000000000000000000" (never exponent notation).
 */
export function decimalFromNumber(value: number): string {
  if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}
