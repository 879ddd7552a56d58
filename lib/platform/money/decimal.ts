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

export { DECIMAL_STRING, decimalPlaces } from './facts';

export function dec(value: string | Decimal): Decimal {
  return new Decimal(value);
}
