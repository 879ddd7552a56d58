// Owns how money reads on screen: the currency's own decimals (lib/money), the reader's separators, never a JS number.
// The rounding is lib/money's, done on the decimal string (no decimal.js: every portal page formats money).
import { roundForCurrency } from '@/lib/money/round';

export { roundForCurrency };

export interface MoneyFormatOptions {
  /** BCP 47 locale for the separators ("en-US" → 1,234.50; "de-DE" → 1.234,50). Defaults to en-US. */
  locale?: string;
  /** "always" puts + on positive amounts (ledger changes); "auto" shows only the minus. */
  signDisplay?: 'auto' | 'always' | 'exceptZero';
  /** Append the currency code ("1,234.50 USDT"). Default true. */
  withCurrency?: boolean;
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

/**
 * Formats a decimal string of money for display: "158855.495365" USDT → "158,855.495365 USDT".
 * Fiat keeps exactly its ISO 4217 minor units (JPY 0, BHD 3); USDT 2 to 6 decimals. Takes strings only,
 * and the grouping is done on the exact string (Intl.NumberFormat formats numeric strings without
 * converting them to floating point), so no digit is ever lost.
 */
export function formatMoney(amount: string, currency: string, options: MoneyFormatOptions = {}): string {
  const rounded = roundForCurrency(amount, currency);
  const dot = rounded.indexOf('.');
  const digits = dot === -1 ? 0 : rounded.length - dot - 1;
  const locale = options.locale ?? 'en-US';
  const text = numberFormat(locale, digits, options.signDisplay ?? 'auto').format(
    rounded as Intl.StringNumericLiteral,
  );
  return options.withCurrency === false ? text : `${text} ${currency}`;
}
