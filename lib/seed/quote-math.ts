// Owns the seed's quote arithmetic: the documented formula of db/schema/quotes.ts as one pure function (the real
// quote engine in lib/quotes will replace it; until then the seed and its tests agree with the schema's contract).
import type { FeeType } from '@/db/schema/payouts';
import { Decimal, dec, type FiatCurrency, minorUnits, roundUpUsdtQuote } from '@/lib/money';

/** A corridor's fee schedule, as stored (percent columns are percentages: 0.25 = 0.25 %). */
export interface FeeSchedule {
  ourFeeFixed: string;
  ourFeePercent: string;
  shaFeeFixed: string;
  shaFeePercent: string;
  shaSenderShare: string;
}

export interface QuoteInput {
  beneficiaryAmount: string;
  currency: FiatCurrency;
  feeType: FeeType;
  /** Units of `currency` one USDT buys, before margin. */
  unitsPerUsdt: string;
  /** Basis points on the USDT amount (45 = 0.45 %). */
  marginBps: string;
  fees: FeeSchedule;
}

export interface QuoteResult {
  /** The whole wire fee for the fee type, at the currency's minor units. */
  feeTotal: string;
  /** What the client funds (the order's fee_amount), at the currency's minor units. */
  feeAmount: string;
  /** SHA only: what the receiving side deducts; "0" at minor units for OUR. */
  feeBeneficiaryShare: string;
  /** Exact USDT before rounding up, at 12 decimals (the snapshot column's scale). */
  sourceAmountBeforeRounding: string;
  /** USDT to fund, rounded up to 2 decimals. */
  sourceAmount: string;
}

/**
 * Fees round half-up to the currency's minor units (commercial rounding; the same mode for OUR and SHA, so OUR's
 * fee stays ≥ SHA's client share). The client's SHA share is rounded from the exact fee, and the beneficiary's share
 * is the rest of the rounded total, so the snapshot's parts always add up to its total.
 */
export function quoteOrder(input: QuoteInput): QuoteResult {
  const minor = minorUnits(input.currency);
  const amount = dec(input.beneficiaryAmount);
  if (amount.lte(0)) throw new Error('beneficiary amount must be positive');
  if (amount.decimalPlaces() > minor) {
    throw new Error(`${input.currency} amounts have at most ${minor} decimals`);
  }
  const fees = input.fees;
  const percentOf = (percent: string) => dec(percent).div(100).times(amount);
  const roundFee = (value: Decimal) => value.toDecimalPlaces(minor, Decimal.ROUND_HALF_UP);

  const exactTotal =
    input.feeType === 'OUR'
      ? dec(fees.ourFeeFixed).plus(percentOf(fees.ourFeePercent))
      : dec(fees.shaFeeFixed).plus(percentOf(fees.shaFeePercent));
  const exactClientShare = input.feeType === 'OUR' ? exactTotal : exactTotal.times(fees.shaSenderShare);
  const feeTotal = roundFee(exactTotal);
  const feeAmount = roundFee(exactClientShare);

  const exactSource = amount
    .plus(feeAmount)
    .div(input.unitsPerUsdt)
    .times(new Decimal(1).plus(dec(input.marginBps).div(10_000)));

  return {
    feeTotal: feeTotal.toFixed(minor),
    feeAmount: feeAmount.toFixed(minor),
    feeBeneficiaryShare: feeTotal.minus(feeAmount).toFixed(minor),
    sourceAmountBeforeRounding: exactSource.toFixed(12, Decimal.ROUND_HALF_UP),
    sourceAmount: roundUpUsdtQuote(exactSource),
  };
}
