// Unit tests of amounts typed by people: what each writing is read as, or why it is refused — never a separator
// dropped so that 4200,00 becomes 420000.
import { describe, expect, it } from 'vitest';
import { amountDecimals, parseTypedAmount, readTypedAmount } from './typed-amount';

const amount = (text: string, mark?: 'point' | 'either') => parseTypedAmount(text, mark).amount;
const problem = (text: string, mark?: 'point' | 'either') => parseTypedAmount(text, mark).problem;

describe('an amount typed in a form (the point is the decimal mark)', () => {
  it('reads plain amounts and points as decimals', () => {
    expect(amount('4200')).toBe('4200');
    expect(amount('4200.00')).toBe('4200.00');
    expect(amount(' 1.5 ')).toBe('1.5');
    expect(amount('4.200')).toBe('4.200');
    expect(amount('0007.50')).toBe('7.50');
  });

  it('reads commas, spaces and apostrophes between groups of three as thousands separators', () => {
    expect(amount('4,200.00')).toBe('4200.00');
    expect(amount('1,234,567')).toBe('1234567');
    expect(amount('1,234,567.89')).toBe('1234567.89');
    expect(amount('1 234 567.89')).toBe('1234567.89');
    expect(amount('1\u00a0234.50')).toBe('1234.50');
    expect(amount('1\u202f234.50')).toBe('1234.50');
    expect(amount("1'234.50")).toBe('1234.50');
    expect(amount('1’234.50')).toBe('1234.50');
  });

  it('refuses a decimal comma and says how to write it, never reading 4200,00 as 420000', () => {
    expect(problem('4200,00')).toBe('Use a point for decimals: 4200.00');
    expect(problem('1,5')).toBe('Use a point for decimals: 1.5');
    expect(problem('4.200,00')).toBe('Use a point for decimals: 4200.00');
    expect(problem('1 234,5')).toBe('Use a point for decimals: 1234.5');
    expect(problem('0,500')).toBe('Use a point for decimals: 0.500');
    expect(problem('4200,000')).toBe('Use a point for decimals: 4200.000');
    expect(problem('1.234.567')).toBe('Use a point for decimals: 1234567');
  });

  it('refuses a lone comma before three digits as ambiguous', () => {
    expect(problem('4,200')).toBe(
      '4,200 could be 4200 or 4.2: write 4200 without the comma, or use a point for decimals',
    );
  });

  it('refuses separators out of place rather than dropping them', () => {
    expect(problem('42,00.00')).toBe('Thousands separators go every three digits, e.g. 4,200');
    expect(problem('1,2345.00')).toBe('Thousands separators go every three digits, e.g. 12,345');
    expect(problem('1,234 567.00')).toBe('Use one kind of thousands separator, e.g. 1,234,567');
    expect(problem('4200.')).toBe('Use digits and a decimal point, e.g. 1250.50');
    expect(problem('.5')).toBe('Use digits and a decimal point, e.g. 1250.50');
    expect(problem('1..5')).toBe('Use digits and a decimal point, e.g. 1250.50');
    expect(problem('1.2.3,4')).toBe('Thousands separators go every three digits, e.g. 123');
    expect(problem('€4200')).toBe('Use digits and a decimal point, e.g. 1250.50');
    expect(problem('4200 EUR')).toBe('Use digits and a decimal point, e.g. 1250.50');
    expect(problem('1e3')).toBe('Use digits and a decimal point, e.g. 1250.50');
    expect(problem('-5')).toBe('Must be greater than zero');
    expect(problem('')).toBe('Enter an amount');
    expect(problem('   ')).toBe('Enter an amount');
  });
});

describe('an amount in a spreadsheet of unknown locale (either mark)', () => {
  it('reads the decimal comma of European Excel', () => {
    expect(amount('4200,00', 'either')).toBe('4200.00');
    expect(amount('1,5', 'either')).toBe('1.5');
    expect(amount('4.200,00', 'either')).toBe('4200.00');
    expect(amount('1 234 567,89', 'either')).toBe('1234567.89');
    expect(amount('1.234.567', 'either')).toBe('1234567');
  });

  it('reads points as decimals too (Swiss and English files)', () => {
    expect(amount('4200.00', 'either')).toBe('4200.00');
    expect(amount("4'200.00", 'either')).toBe('4200.00');
    expect(amount('4,200.00', 'either')).toBe('4200.00');
  });

  it('refuses a lone mark before three digits, point or comma', () => {
    expect(problem('4.200', 'either')).toBe(
      '4.200 could be 4200 or 4.2: write 4200 without the separator, or with its decimals (4200,00 or 4200.00)',
    );
    expect(problem('4,200', 'either')).toMatch(/^4,200 could be 4200 or 4\.2/);
  });
});

describe("an amount for a currency (the currency's decimals)", () => {
  it('allows the minor units of the currency, 6 for USDT', () => {
    expect(amountDecimals('EUR')).toBe(2);
    expect(amountDecimals('JPY')).toBe(0);
    expect(amountDecimals('BHD')).toBe(3);
    expect(amountDecimals('USDT')).toBe(6);
    expect(readTypedAmount('1,250.123456', 'USDT')).toEqual({ amount: '1250.123456', problem: null });
    expect(readTypedAmount('1.1234567', 'USDT').problem).toBe('USDT allows at most 6 decimals');
    expect(readTypedAmount('12.345', 'EUR').problem).toBe('EUR allows at most 2 decimals');
    expect(readTypedAmount('1000.5', 'JPY').problem).toBe('JPY has no decimals: enter a whole number');
    expect(readTypedAmount('4,200', 'EUR').problem).toMatch(/could be 4200 or 4\.2/);
  });

  it('refuses zero', () => {
    expect(readTypedAmount('0.00', 'EUR').problem).toBe('Must be greater than zero');
    expect(readTypedAmount('0', null).problem).toBe('Must be greater than zero');
  });
});
