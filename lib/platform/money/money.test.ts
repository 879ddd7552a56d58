// Unit tests of money rendering and rounding: exact decimals per currency, USDT rules, never a JS number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DECIMAL_STRING,
  dec,
  decimalPlaces,
  formatFiat,
  formatUsdt,
  isFiatCurrency,
  roundUpUsdtQuote,
  usdtShortfall,
} from './';

describe('money', () => {
  it('renders fiat with exactly the ISO 4217 minor units', () => {
    expect(formatFiat('100.5', 'EUR')).toBe('100.50');
    expect(formatFiat('1250', 'JPY')).toBe('1250');
    expect(formatFiat('1.2345', 'BHD')).toBe('1.234');
    expect(formatFiat('0.125', 'USD')).toBe('0.12'); // half-even: .125 → .12
  });

  it('renders a negative amount that rounds to zero as zero, on the server as in the browser', () => {
    expect(formatFiat('-0.001', 'EUR')).toBe('0.00');
    expect(formatFiat(dec('-0.001'), 'EUR')).toBe('0.00');
    expect(formatUsdt('-0.0000004')).toBe('0.00');
    expect(formatFiat('-1.005', 'EUR')).toBe('-1.00');
  });

  it('renders USDT with at least 2 and at most 6 decimals', () => {
    expect(formatUsdt('100')).toBe('100.00');
    expect(formatUsdt('100.1')).toBe('100.10');
    expect(formatUsdt('1.2345')).toBe('1.2345');
    expect(formatUsdt('0.123456789')).toBe('0.123457');
  });

  it('renders every amount exactly as decimal.js does, whether or not it takes the string fast path', () => {
    const digits = (min: number, max: number) =>
      fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
    // Database-shaped amounts (numeric(38, 18)::text: long runs of trailing zeros) and arbitrary ones.
    const amount = fc.oneof(
      fc
        .tuple(digits(1, 20), digits(0, 8), fc.integer({ min: 0, max: 18 }))
        .map(([whole, fraction, zeros]) => `${whole}.${fraction}${'0'.repeat(zeros)}`),
      fc.tuple(digits(1, 22), fc.option(digits(1, 20))).map(([w, f]) => (f === null ? w : `${w}.${f}`)),
    );
    fc.assert(
      fc.property(amount, fc.constantFrom('EUR', 'JPY', 'BHD'), (value, currency) => {
        expect(formatUsdt(value)).toBe(formatUsdt(dec(value)));
        expect(formatFiat(value, currency)).toBe(formatFiat(dec(value), currency));
      }),
      { numRuns: 2000 },
    );
    expect(formatUsdt('5.000000000000000000')).toBe('5.00');
    expect(formatUsdt('5.120000000000000000')).toBe('5.12');
    expect(formatUsdt('5.123456700000000000')).toBe('5.123457');
    expect(formatFiat('20000.000000000000000000', 'JPY')).toBe('20000');
    expect(formatFiat('007.5', 'EUR')).toBe('7.50');
  });

  it('rounds a quote up to the cent, so the provider is never a fraction short', () => {
    expect(roundUpUsdtQuote('10.001')).toBe('10.01');
    expect(roundUpUsdtQuote('10.00')).toBe('10.00');
    expect(roundUpUsdtQuote('0.0000001')).toBe('0.01');
  });

  it('keeps precision JS numbers lose', () => {
    expect(dec('0.1').plus('0.2').toFixed()).toBe('0.3');
    expect(dec('12345678901234567890.123456').plus('0.000001').toFixed()).toBe('12345678901234567890.123457');
  });

  it('knows its wire format', () => {
    expect(DECIMAL_STRING.test('100.50')).toBe(true);
    expect(DECIMAL_STRING.test('1e3')).toBe(false);
    expect(DECIMAL_STRING.test('-1')).toBe(false);
    expect(DECIMAL_STRING.test('1.')).toBe(false);
    expect(decimalPlaces('10.500')).toBe(3);
    expect(decimalPlaces('7')).toBe(0);
    expect(isFiatCurrency('EUR')).toBe(true);
    expect(isFiatCurrency('USDT')).toBe(false);
  });
});

describe('usdtShortfall', () => {
  it('rounds what is missing up, so depositing the figure shown is enough', () => {
    // 161,912.184635 missing used to show "161,912.18": depositing that still left the balance short.
    expect(usdtShortfall('161912.184635', '0')).toBe('161912.19');
    expect(usdtShortfall('1119.02', '1000.000001')).toBe('119.02');
    expect(usdtShortfall('100.00', '100.00')).toBeNull();
    expect(usdtShortfall('100.00', '250.50')).toBeNull();
  });
});
