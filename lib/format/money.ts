// Owns how money reads on screen and in documents: the currency's own decimals (lib/money), the reader's separators,
// never a JS number. USDT shows 2 decimals like a fiat amount; exact ledger views ask for its 6 (docs/decisions.md).
// The rounding is lib/money's (lib/money/round.ts), done on the decimal string: no decimal.js, since every portal
// page formats money.
import { isFiatCurrency, minorUnits, USDT_MAX_DECIMALS } from '@/lib/money/facts';
import { roundForCurrency, roundHalfEven, roundUp, SIGNED_DECIMAL } from '@/lib/money/round';

export { roundForCurrency };

export interface MoneyFormatOptions {
  /** BCP 47 locale for the separators ("en-US" → 1,234.50; "de-DE" → 1.234,50). Defaults to en-US. */
  locale?: string;
  /** "always" puts + on positive amounts (ledger changes); "auto" shows only the minus. */
  signDisplay?: 'auto' | 'always' | 'exceptZero';
  /** Append the currency code ("1,234.50 USDT"). Default true. */
  withCurrency?: boolean;
  /**
   * "display" (default): USDT at 2 decimals, beside every fiat figure. "exact": USDT at 2 to 6 decimals, every unit
   * the ledger holds (receipts, statements, the amount of one movement). Fiat is always its ISO 4217 minor units.
   */
  precision?: 'display' | 'exact';
  /** "up" rounds away from zero (a shortfall: depositing the figure shown must cover it); default half to even. */
  rounding?: 'half-even' | 'up';
}

/** USDT decimals on screen unless a view asks for the exact amount. */
export const USDT_DISPLAY_DECIMALS = 2;
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

/** The amount at the decimals a display shows, as a plain decimal string: ("161912.184635", "USDT") → "161912.18". */
export function roundForDisplay(
  amount: string,
  currency: string,
  { precision = 'display', rounding = 'half-even' }: Pick<MoneyFormatOptions, 'precision' | 'rounding'> = {},
): string {
  if (!SIGNED_DECIMAL.test(amount)) throw new TypeError(`not a decimal string: ${JSON.stringify(amount)}`);
  const fiat = isFiatCurrency(currency);
  if (precision === 'exact' && !fiat && rounding === 'half-even') return roundForCurrency(amount, currency);
  const places = fiat
    ? minorUnits(currency)
    : precision === 'exact'
      ? USDT_MAX_DECIMALS
      : USDT_DISPLAY_DECIMALS;
  const negative = amount.startsWith('-');
  const magnitude = amount.replace(/^[+-]/, '');
  const rounded = rounding === 'up' ? roundUp(magnitude, places) : roundHalfEven(magnitude, places);
  return negative && /[1-9]/.test(rounded) ? `-${rounded}` : rounded;
}

/**
 * Formats a decimal string of money: "158855.495365" USDT → "158,855.50 USDT" ("158,855.495365 USDT" exact).
 * Fiat keeps exactly its ISO 4217 minor units (JPY 0, BHD 3); USDT 2 (exact: 2 to 6) decimals. Takes strings only,
 * and the grouping is done on the exact string (Intl.NumberFormat formats numeric strings without
 * converting them to floating point), so no digit is ever lost.
 */
export function formatMoney(amount: string, currency: string, options: MoneyFormatOptions = {}): string {
  const rounded = roundForDisplay(amount, currency, options);
  const dot = rounded.indexOf('.');
  const digits = dot === -1 ? 0 : rounded.length - dot - 1;
  const locale = options.locale ?? 'en-US';
  const text = numberFormat(locale, digits, options.signDisplay ?? 'auto').format(
    rounded as Intl.StringNumericLiteral,
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
