// Owns currency rounding: half to even on the decimal string itself, so browser code (the money formatter) rounds
// exactly as the server does without shipping decimal.js.
import {
  DECIMAL_STRING,
  isFiatCurrency,
  minorUnits,
  USDT_MAX_DECIMALS,
  USDT_MIN_RENDER_DECIMALS,
} from './facts';

/** A decimal string with an optional sign: what the rounding takes without decimal.js. */
export const SIGNED_DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/** Adds one to a string of digits ("199" → "200", "99" → "100"). */
function increment(digits: string): string {
  let result = '';
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === '9') {
    result = `0${result}`;
    index -= 1;
  }
  return index < 0 ? `1${result}` : `${digits.slice(0, index)}${Number(digits[index]) + 1}${result}`;
}

/** A non-negative decimal string rounded half to even to exactly `places` decimals: ("2.345", 2) → "2.34". */
export function roundHalfEven(magnitude: string, places: number): string {
  const [whole = '0', fraction = ''] = magnitude.split('.');
  let digits = `${whole}${fraction.slice(0, places).padEnd(places, '0')}`;
  const rest = fraction.slice(places);
  const first = rest[0] ?? '0';
  const beyondHalf = first > '5' || (first === '5' && /[1-9]/.test(rest.slice(1)));
  const tieToOdd = first === '5' && !/[1-9]/.test(rest.slice(1)) && Number(digits.at(-1) ?? '0') % 2 === 1;
  if (beyondHalf || tieToOdd) digits = increment(digits);
  const integer = digits.slice(0, digits.length - places).replace(/^0+(?=\d)/, '') || '0';
  return places === 0 ? integer : `${integer}.${digits.slice(digits.length - places)}`;
}

/** A non-negative decimal string rounded away from zero to exactly `places` decimals: ("2.341", 2) → "2.35". */
export function roundUp(magnitude: string, places: number): string {
  const [whole = '0', fraction = ''] = magnitude.split('.');
  let digits = `${whole}${fraction.slice(0, places).padEnd(places, '0')}`;
  if (/[1-9]/.test(fraction.slice(places))) digits = increment(digits);
  const integer = digits.slice(0, digits.length - places).replace(/^0+(?=\d)/, '') || '0';
  return places === 0 ? integer : `${integer}.${digits.slice(digits.length - places)}`;
}

/** The amount rounded to the currency's rule, as a plain decimal string (no grouping): "1234.50". */
export function roundForCurrency(amount: string, currency: string): string {
  if (!SIGNED_DECIMAL.test(amount)) throw new TypeError(`not a decimal string: ${JSON.stringify(amount)}`);
  const negative = amount.startsWith('-');
  const magnitude = amount.replace(/^[+-]/, '');
  if (!DECIMAL_STRING.test(magnitude)) throw new TypeError(`not a decimal string: ${JSON.stringify(amount)}`);
  let rounded: string;
  if (isFiatCurrency(currency)) rounded = roundHalfEven(magnitude, minorUnits(currency));
  else {
    // USDT (and anything else): at most 6 decimals, trailing zeros dropped, at least 2 shown.
    const [whole, fraction = ''] = roundHalfEven(magnitude, USDT_MAX_DECIMALS).split('.');
    rounded = `${whole}.${fraction.replace(/0+$/, '').padEnd(USDT_MIN_RENDER_DECIMALS, '0')}`;
  }
  return negative && /[1-9]/.test(rounded) ? `-${rounded}` : rounded;
}
