// Unit tests of the quote engine: hand-computed values, rounding edges, zero-decimal currencies, OUR ≥ SHA.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '@/lib/platform/money';
import { type FeeSchedule, type QuoteInput, quoteOrder } from './quote-engine';

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

/** No fee at all, so rounding is seen on the converted amount alone. */
const NO_FEES: FeeSchedule = {
  ourFeeFixed: '0',
  ourFeePercent: '0',
  shaFeeFixed: '0',
  shaFeePercent: '0',
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
      costUsdt: '1115.217391304348',
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
      costUsdt: '1095.380434782609',
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
    const quote = (amount: string) =>
      quoteOrder({ ...eur(amount, 'OUR'), marginBps: '0', fees: NO_FEES }).sourceAmount;
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

  it('three-decimal currencies keep three (KWD), with half-up fee rounding', () => {
    // fee = 5 + 0.10 % × 1000.125 = 6.000125 → 6.000; (1006.125 / 0.3071) × 1.005 = 3292.594024747639… → 3292.60
    const quote = quoteOrder({
      beneficiaryAmount: '1000.125',
      currency: 'KWD',
      feeType: 'OUR',
      unitsPerUsdt: '0.3071',
      marginBps: '50',
      fees: { ...EUR_FEES, ourFeeFixed: '5', ourFeePercent: '0.10' },
    });
    expect(quote).toMatchObject({
      feeTotal: '6.000',
      feeAmount: '6.000',
      feeBeneficiaryShare: '0.000',
      costUsdt: '3276.212959947900',
      sourceAmount: '3292.60',
    });
  });

  it('tiny and huge amounts stay exact', () => {
    // 0.01 / 0.92 = 0.0108695… → 0.02 (a cent is the least anyone funds)
    expect(quoteOrder({ ...eur('0.01', 'OUR'), marginBps: '0', fees: NO_FEES }).sourceAmount).toBe('0.02');
    // 999,999,999,999.99 at 1:1 with no margin stays to the cent: no float could hold it
    expect(
      quoteOrder({ ...eur('999999999999.99', 'OUR'), unitsPerUsdt: '1', marginBps: '0', fees: NO_FEES })
        .sourceAmount,
    ).toBe('999999999999.99');
    // the same with a 0.45 % margin: 999999999999.99 × 1.0045 = 1004499999999.989955 → 1004499999999.99
    expect(
      quoteOrder({ ...eur('999999999999.99', 'OUR'), unitsPerUsdt: '1', marginBps: '45', fees: NO_FEES })
        .sourceAmount,
    ).toBe('1004499999999.99');
  });

  it('refuses nonsense inputs instead of quoting them', () => {
    expect(() => quoteOrder(eur('0.00', 'OUR'))).toThrow(/positive/);
    expect(() => quoteOrder({ ...eur('10.00', 'OUR'), unitsPerUsdt: '0' })).toThrow(/rate/);
    expect(() => quoteOrder({ ...eur('10.00', 'OUR'), marginBps: '10000' })).toThrow(/margin/);
  });
});

/** Fee schedules the corridor CHECKs allow: OUR's fixed and percent parts cover the client's SHA share of each. */
const feeSchedule = fc
  .record({
    shaFixed: fc.integer({ min: 0, max: 5_000 }),
    shaPercent: fc.integer({ min: 0, max: 500 }),
    share: fc.integer({ min: 0, max: 100 }),
    extraFixed: fc.integer({ min: 0, max: 5_000 }),
    extraPercent: fc.integer({ min: 0, max: 500 }),
  })
  .map(({ shaFixed, shaPercent, share, extraFixed, extraPercent }) => {
    const shareDec = dec(String(share)).div(100);
    return {
      shaFeeFixed: dec(String(shaFixed)).div(100).toFixed(),
      shaFeePercent: dec(String(shaPercent)).div(100).toFixed(),
      shaSenderShare: shareDec.toFixed(),
      ourFeeFixed: dec(String(shaFixed))
        .div(100)
        .times(shareDec)
        .plus(dec(String(extraFixed)).div(100))
        .toFixed(),
      ourFeePercent: dec(String(shaPercent))
        .div(100)
        .times(shareDec)
        .plus(dec(String(extraPercent)).div(100))
        .toFixed(),
    } satisfies FeeSchedule;
  });

const currency = fc.constantFrom('EUR', 'JPY', 'KWD', 'INR') as fc.Arbitrary<'EUR' | 'JPY' | 'KWD' | 'INR'>;
const minorOf = { EUR: 2, JPY: 0, KWD: 3, INR: 2 } as const;
/** A whole number of minor units, rendered in the currency. */
const amountIn = (code: 'EUR' | 'JPY' | 'KWD' | 'INR', units: bigint) =>
  dec(units.toString()).div(dec('10').pow(minorOf[code])).toFixed(minorOf[code]);

const scenario = fc.record({
  currency,
  units: fc.bigInt({ min: 1n, max: 10n ** 14n }),
  step: fc.bigInt({ min: 0n, max: 10n ** 9n }),
  rate: fc.integer({ min: 1, max: 10_000_000 }).map((n) => dec(String(n)).div(10_000).toFixed()),
  margin: fc.integer({ min: 0, max: 9_999 }).map(String),
  fees: feeSchedule,
});

describe('quoteOrder properties', () => {
  const run = (
    s: { currency: 'EUR' | 'JPY' | 'KWD' | 'INR'; rate: string; margin: string; fees: FeeSchedule },
    units: bigint,
    feeType: 'OUR' | 'SHA',
  ) =>
    quoteOrder({
      beneficiaryAmount: amountIn(s.currency, units),
      currency: s.currency,
      feeType,
      unitsPerUsdt: s.rate,
      marginBps: s.margin,
      fees: s.fees,
    });

  it('OUR funds at least what SHA funds for the same order', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const our = run(s, s.units, 'OUR');
        const sha = run(s, s.units, 'SHA');
        expect(dec(our.feeAmount).gte(sha.feeAmount)).toBe(true);
        expect(dec(our.sourceAmount).gte(sha.sourceAmount)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('never decreases when the amount grows', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom('OUR', 'SHA') as fc.Arbitrary<'OUR' | 'SHA'>, (s, feeType) => {
        const smaller = run(s, s.units, feeType);
        const larger = run(s, s.units + s.step, feeType);
        expect(dec(larger.sourceAmount).gte(smaller.sourceAmount)).toBe(true);
        expect(dec(larger.feeAmount).gte(smaller.feeAmount)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('is never below cost, and the fee parts add up', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom('OUR', 'SHA') as fc.Arbitrary<'OUR' | 'SHA'>, (s, feeType) => {
        const q = run(s, s.units, feeType);
        const cost = dec(amountIn(s.currency, s.units)).plus(q.feeAmount).div(s.rate);
        expect(dec(q.sourceAmount).gte(cost)).toBe(true);
        expect(dec(q.sourceAmount).gte(q.sourceAmountBeforeRounding)).toBe(true);
        expect(dec(q.sourceAmount).decimalPlaces()).toBeLessThanOrEqual(2);
        expect(dec(q.feeAmount).plus(q.feeBeneficiaryShare).eq(q.feeTotal)).toBe(true);
        if (feeType === 'OUR') expect(dec(q.feeBeneficiaryShare).isZero()).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
