// Owns decimal arithmetic for money: one configured Decimal so no code path ever uses a JS number.
import DecimalJs from 'decimal.js';

/** 40 significant digits covers numeric(38, 18) amounts with room for intermediate products. */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Decimal = InstanceType<typeof Decimal>;

/** A non-negative decimal string as the wire format allows: digits, optionally a dot and more digits. */
export const DECIMAL_STRING = /^\d+(\.\d+)?$/;

export function dec(value: string | Decimal): Decimal {
  return new Decimal(value);
}

/** Number of digits after the dot in a decimal string ("10.50" → 2, "7" → 0). */
export function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}
