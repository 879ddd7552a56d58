// Owns the currency facts and the wire's decimal format that need no arithmetic: ISO 4217 minor units, USDT's own
// rules. Free of decimal.js, so browser code (the money formatter, form checks) can read them without shipping it.

/** A non-negative decimal string as the wire format allows: digits, optionally a dot and more digits. */
export const DECIMAL_STRING = /^\d+(\.\d+)?$/;

/** Number of digits after the dot in a decimal string ("10.50" → 2, "7" → 0). */
export function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** Minor units per ISO 4217 for the fiat currencies the product supports (extend with care). */
export const FIAT_MINOR_UNITS = {
  AED: 2,
  AUD: 2,
  BHD: 3,
  BRL: 2,
  CAD: 2,
  CHF: 2,
  CNY: 2,
  EUR: 2,
  GBP: 2,
  HKD: 2,
  IDR: 2,
  INR: 2,
  JPY: 0,
  KRW: 0,
  KWD: 3,
  MXN: 2,
  NGN: 2,
  PHP: 2,
  PLN: 2,
  SGD: 2,
  TRY: 2,
  USD: 2,
  VND: 0,
  ZAR: 2,
} as const satisfies Record<string, number>;

export type FiatCurrency = keyof typeof FIAT_MINOR_UNITS;
export const FIAT_CURRENCIES = Object.keys(FIAT_MINOR_UNITS) as FiatCurrency[];

/** USDT is not in ISO 4217: balances and movements keep up to 6 decimals and render at least 2. */
export const USDT = 'USDT' as const;
export const USDT_MAX_DECIMALS = 6;
export const USDT_MIN_RENDER_DECIMALS = 2;

export function isFiatCurrency(code: string): code is FiatCurrency {
  return Object.hasOwn(FIAT_MINOR_UNITS, code);
}

export function minorUnits(currency: FiatCurrency): number {
  return FIAT_MINOR_UNITS[currency];
}
