// The amount credited from a token's raw units: exact at 6 decimals, rounded down (never up) from 18, scaled from fewer.
import { describe, expect, it } from 'vitest';
import { creditedUsdt } from './chain-amounts';

describe('creditedUsdt', () => {
  it('keeps a 6-decimal amount exactly', () => {
    expect(creditedUsdt(250_000_000n, 6)).toBe('250.000000');
    expect(creditedUsdt(1n, 6)).toBe('0.000001');
  });

  it('rounds an 18-decimal amount down to 6 decimals, beyond what a JS number holds', () => {
    expect(creditedUsdt(1_234_567_899_999_999_999n, 18)).toBe('1.234567');
    expect(creditedUsdt(999_999_999_999n, 18)).toBe('0.000000');
    expect(creditedUsdt(123_456_789_012_345_678_901_234_567_890n, 18)).toBe('123456789012.345678');
  });

  it('scales a token with fewer decimals up', () => {
    expect(creditedUsdt(12_345n, 2)).toBe('123.450000');
  });
});
