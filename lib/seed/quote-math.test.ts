// Unit tests of the seed's quote formula: hand-computed values, rounding edges, zero-decimal currencies, OUR ≥ SHA.
import { describe, expect, it } from 'vitest';
import { dec } from '@/lib/money';
import { type FeeSchedule, type QuoteInput, quoteOrder } from './quote-math';

const EUR_FEES: FeeSchedule = {
  ourFeeFixed: '25',
  ourFeePercent: '0.10',
  shaFeeFixed: '15',
  shaFeePercent: '0.05',
  shaSenderShare: '0.5',
};
const JPY_FEES: FeeSchedule = {
  ourFeeFixed: '4000',
  ourFeePercent: '0.10',
  shaFeeFixed: '2500',
  shaFeePercent: '0.05',
  shaSenderShare: '0.5',
};

const eur = (amount: string, feeType: 'OUR' | 'SHA'): QuoteInput => ({
  beneficiaryAmount: amount,
  currency: 'EUR',
  feeType,
  unitsPerUsdt: '0.92',
  marginBps: '45',
  fees: EUR_FEES,
});

describe('quoteOrder', () => {
  it('OUR: the client funds the whole fee; USDT = (B + fee) / rate × (1 + margin), rounded up', () => {
    // fee = 25 + 0.10 % × 1000 = 26.00; (1026 / 0.92) × 1.0045 = 1120.2358695652… → 1120.24
    expect(quoteOrder(eur('1000.00', 'OUR'))).toEqual({
      feeTotal: '26.00',
      feeAmount: '26.00',
      feeBeneficiaryShare: '0.00',
      sourceAmountBeforeRounding: '1120.235869565217',
      sourceAmount: '1120.24',
    });
  });

  it('SHA: the client funds the sending-side share; the rest is deducted on the receiving side', () => {
    // fee = 15 + 0.05 % × 1000 = 15.50, half each; (1007.75 / 0.92) × 1.0045 = 1100.3096467391… → 1100.31
    expect(quoteOrder(eur('1000.00', 'SHA'))).toEqual({
      feeTotal: '15.50',
      feeAmount: '7.75',
      feeBeneficiaryShare: '7.75',
      sourceAmountBeforeRounding: '1100.309646739130',
      sourceAmount: '1100.31',
    });
  });

  it('rounds the client share half-up and gives the beneficiary side the rest of the rounded total', () => {
    // fee = 15 + 0.51 = 15.51; half = 7.755 → 7.76; 15.51 − 7.76 = 7.75
    const quote = quoteOrder(eur('1020.00', 'SHA'));
    expect([quote.feeTotal, quote.feeAmount, quote.feeBeneficiaryShare]).toEqual(['15.51', '7.76', '7.75']);
    expect(quote.sourceAmount).toBe('1122.16');
  });

  it('zero-decimal currencies keep whole fees (JPY)', () => {
    // OUR: 4000 + 2400 = 6400; (2406400 / 151.20) × 1.0035 = 15971.0476… → 15971.05
    const our = quoteOrder({
      beneficiaryAmount: '2400000',
      currency: 'JPY',
      feeType: 'OUR',
      unitsPerUsdt: '151.20',
      marginBps: '35',
      fees: JPY_FEES,
    });
    expect(our).toMatchObject({ feeTotal: '6400', feeAmount: '6400', sourceAmount: '15971.05' });
    // SHA: 2500 + 250 = 2750, half 1375 each; (501375 / 151.20) × 1.0035 = 3327.578125 → 3327.58
    const sha = quoteOrder({
      beneficiaryAmount: '500000',
      currency: 'JPY',
      feeType: 'SHA',
      unitsPerUsdt: '151.20',
      marginBps: '35',
      fees: JPY_FEES,
    });
    expect(sha).toMatchObject({
      feeTotal: '2750',
      feeAmount: '1375',
      feeBeneficiaryShare: '1375',
      sourceAmountBeforeRounding: '3327.578125000000',
      sourceAmount: '3327.58',
    });
  });

  it('rounds up any fraction of a cent, and leaves an exact amount alone', () => {
    const noFees: FeeSchedule = {
      ourFeeFixed: '0',
      ourFeePercent: '0',
      shaFeeFixed: '0',
      shaFeePercent: '0',
      shaSenderShare: '0.5',
    };
    const quote = (amount: string) =>
      quoteOrder({ ...eur(amount, 'OUR'), marginBps: '0', fees: noFees }).sourceAmount;
    expect(quote('1.00')).toBe('1.09'); // 1.0869… rounds up, never down
    expect(quote('0.92')).toBe('1.00');
  });

  it('refuses more decimals than the currency has', () => {
    expect(() => quoteOrder(eur('10.001', 'OUR'))).toThrow(/at most 2 decimals/);
    expect(() =>
      quoteOrder({
        beneficiaryAmount: '100.5',
        currency: 'JPY',
        feeType: 'OUR',
        unitsPerUsdt: '151.20',
        marginBps: '35',
        fees: JPY_FEES,
      }),
    ).toThrow(/at most 0 decimals/);
  });

  it('OUR funds at least what SHA funds, and both grow with the amount', () => {
    let previous = { our: dec('0'), sha: dec('0') };
    for (const amount of ['10.00', '10.01', '99.99', '1020.00', '12345.67', '999999.99', '25000000.00']) {
      const our = dec(quoteOrder(eur(amount, 'OUR')).sourceAmount);
      const sha = dec(quoteOrder(eur(amount, 'SHA')).sourceAmount);
      expect(our.gte(sha)).toBe(true);
      expect(our.gte(previous.our) && sha.gte(previous.sha)).toBe(true);
      previous = { our, sha };
    }
  });
});
