// Unit tests of money rendering and rounding: exact decimals per currency, USDT rules, never a JS number.
import { describe, expect, it } from 'vitest';
import {
  DECIMAL_STRING,
  dec,
  decimalPlaces,
  formatFiat,
  formatUsdt,
  isFiatCurrency,
  roundUpUsdtQuote,
} from '.';

describe('money', () => {
  it('renders fiat with exactly the ISO 4217 minor units', () => {
    expect(formatFiat('100.5', 'EUR')).toBe('100.50');
    expect(formatFiat('1250', 'JPY')).toBe('1250');
    expect(formatFiat('1.2345', 'BHD')).toBe('1.234');
    expect(formatFiat('0.125', 'USD')).toBe('0.12'); // half-even: .125 → .12
  });

  it('renders USDT with at least 2 and at most 6 decimals', () => {
    expect(formatUsdt('100')).toBe('100.00');
    expect(formatUsdt('100.1')).toBe('100.10');
    expect(formatUsdt('1.2345')).toBe('1.2345');
    expect(formatUsdt('0.123456789')).toBe('0.123457');
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
