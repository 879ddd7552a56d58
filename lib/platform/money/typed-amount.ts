// Owns reading an amount a person typed (a form field, a spreadsheet cell) into a wire decimal string, for every form
// and the CSV import: one rule for separators, a refusal for anything ambiguous, never a separator silently dropped,
// never a JS number. Free of decimal.js, so pages can use it. The rule is in docs/decisions/README.md ("Money typed by
// people").
import { isFiatCurrency, minorUnits, USDT, USDT_MAX_DECIMALS } from './facts';

/**
 * What the decimal mark may be. "point": a form field, where `.` is the decimal point and `,` only groups thousands
 * (`4,200.00`). "either": a spreadsheet saved with `;` or tabs, whose decimal mark follows the author's locale
 * (European Excel writes `4200,00`, Swiss Excel `4'200.00`): a mark is read as decimal only where it cannot be a
 * thousands separator, and a lone mark before exactly three digits (`4.200`) is refused as ambiguous.
 */
export type DecimalMark = 'point' | 'either';

export type AmountReading = { amount: string; problem: null } | { amount: null; problem: string };

/** Digits the amount may carry: the ISO 4217 minor units, 6 for USDT, 2 for a currency not (yet) known. */
export function amountDecimals(currency: string): number {
  if (isFiatCurrency(currency)) return minorUnits(currency);
  return currency === USDT ? USDT_MAX_DECIMALS : 2;
}

const refused = (problem: string): AmountReading => ({ amount: null, problem });
const read = (amount: string): AmountReading => ({ amount, problem: null });

const DIGITS_AND_POINT = 'Use digits and a decimal point, e.g. 1250.50';

type Separator = '.' | ',' | ' ' | "'";

/** Spaces of every width and both apostrophes group thousands the same way (1 234.50, 1'234.50). */
function separatorOf(char: string): Separator | null {
  if (char === '.' || char === ',') return char;
  if (/[ \u00a0\u202f\u2009]/.test(char)) return ' ';
  if (/['\u2019]/.test(char)) return "'";
  return null;
}

/**
 * The amount `text` means, as a decimal string ("4,200.00" → "4200.00"), or why it cannot be read. Checks only the
 * writing of the number; `readTypedAmount` adds the currency's rules.
 */
export function parseTypedAmount(text: string, mark: DecimalMark = 'point'): AmountReading {
  const typed = text.trim();
  if (typed === '') return refused('Enter an amount');
  if (/^[-−]/.test(typed)) return refused('Must be greater than zero');
  // Digit groups and the single separators between them; anything else (a sign, a symbol, two separators in a row,
  // a separator at either end) is not an amount.
  const groups: string[] = [];
  const separators: Separator[] = [];
  let current = '';
  for (const char of typed) {
    if (char >= '0' && char <= '9') {
      current += char;
      continue;
    }
    const separator = separatorOf(char);
    if (!separator || current === '') return refused(DIGITS_AND_POINT);
    groups.push(current);
    separators.push(separator);
    current = '';
  }
  if (current === '') return refused(DIGITS_AND_POINT);
  groups.push(current);

  // The decimal mark, if any, is the last separator, a point or a comma that occurs once.
  const last = separators.at(-1);
  let decimal: '.' | ',' | null = null;
  let ambiguous = false;
  if ((last === '.' || last === ',') && separators.filter((s) => s === last).length === 1) {
    const other = last === '.' ? ',' : '.';
    const lastGroup = groups.at(-1)!;
    if (
      separators.includes(other) ||
      separators.length > 1 ||
      lastGroup.length !== 3 ||
      groups[0] === '0' ||
      groups[0]!.length > 3
    )
      decimal = last;
    // A lone mark before three digits: 4,200 is 4200 in London and 4.2 in Berlin. A form declares the point;
    // a spreadsheet of unknown locale cannot say.
    else if (mark === 'point' && last === '.') decimal = '.';
    else ambiguous = true;
  }
  const integerGroups = decimal ? groups.slice(0, -1) : groups;
  const grouping = [...new Set(decimal ? separators.slice(0, -1) : separators)];
  const whole = integerGroups.join('').replace(/^0+(?=\d)/, '');
  const reading = decimal ? `${whole}.${groups.at(-1)}` : whole;

  if (ambiguous) {
    const asDecimal = `${whole.slice(0, -3) || '0'}.${groups.at(-1)!.replace(/0+$/, '') || '0'}`;
    return refused(
      mark === 'point'
        ? `${typed} could be ${whole} or ${asDecimal}: write ${whole} without the comma, or use a point for decimals`
        : `${typed} could be ${whole} or ${asDecimal}: write ${whole} without the separator, or with its decimals (${whole},00 or ${whole}.00)`,
    );
  }
  if (grouping.length > 1) return refused(`Use one kind of thousands separator, e.g. ${group(whole)}`);
  if (
    integerGroups.length > 1 &&
    (integerGroups[0]!.length > 3 || integerGroups.slice(1).some((g) => g.length !== 3))
  )
    return refused(`Thousands separators go every three digits, e.g. ${group(whole)}`);
  if (mark === 'point' && (decimal === ',' || grouping[0] === '.'))
    return refused(`Use a point for decimals: ${reading}`);
  return read(reading);
}

/** "1234567" → "1,234,567": the example in a refusal. */
function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * The amount typed for `currency` (null while no currency is chosen) as the wire's decimal string, or the first
 * thing to fix: unreadable, zero, or more decimals than the currency has. The server says the same, later.
 */
export function readTypedAmount(
  text: string,
  currency: string | null,
  mark: DecimalMark = 'point',
): AmountReading {
  const reading = parseTypedAmount(text, mark);
  if (reading.amount === null) return reading;
  if (!/[1-9]/.test(reading.amount)) return refused('Must be greater than zero');
  if (currency) {
    const decimals = amountDecimals(currency);
    const places = reading.amount.includes('.') ? reading.amount.split('.')[1]!.length : 0;
    if (places > decimals)
      return refused(
        decimals === 0
          ? `${currency} has no decimals: enter a whole number`
          : `${currency} allows at most ${decimals} decimals`,
      );
  }
  return reading;
}
