// Owns the quote arithmetic: one pure function from an order, a corridor's fee schedule, a rate and a margin to
// fee_amount and source_amount (the formula documented on db/schema/pricing.ts `corridors`). Decimal only.
import type { FeeType } from '@/db/schema/payouts';
import { Decimal, dec, type FiatCurrency, minorUnits, roundUpUsdtQuote } from '@/lib/platform/money';

/** A corridor's fee schedule, as stored (percent columns are percentages: 0.25 = 0.25 %). */
export interface FeeSchedule {
  ourFeeFixed: string;
  ourFeePercent: string;
  shaFeeFixed: string;
  shaFeePercent: string;
  /** Fraction (0..1) of the SHA fee the client funds: the sending side's share. */
  shaSenderShare: string;
}

export interface QuoteInput {
  beneficiaryAmount: string;
  currency: FiatCurrency;
  feeType: FeeType;
  /** Units of `currency` one USDT buys, mid-market, before margin. */
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
  /** What the provider needs in USDT at mid-market, before margin and rounding (12 decimals). */
  costUsdt: string;
  /** Exact USDT before rounding up, at 12 decimals (the snapshot column's scale). */
  sourceAmountBeforeRounding: string;
  /** USDT to fund, rounded up to 2 decimals. */
  sourceAmount: string;
}

export class QuoteInputError extends Error {}

/**
 * OUR: the client funds the whole wire fee and the beneficiary receives `beneficiary_amount` in full.
 * SHA (SWIFT's "shared"): the fee is split; the client funds the sending side's share
 * (`sha_sender_share` × the SHA fee, 50 % unless the corridor says otherwise) and the receiving side's
 * share may be deducted by the banks from the amount credited.
 *
 * Fees round half-up to the currency's minor units (the same mode for OUR and SHA, so OUR's fee stays ≥ SHA's
 * client share). The client's SHA share is rounded from the exact fee, and the beneficiary's share is the rest of
 * the rounded total, so the snapshot's parts always add up to its total. The USDT amount is rounded up to the cent,
 * so the provider is never short a fraction and the client never pays below cost.
 */
export function quoteOrder(input: QuoteInput): QuoteResult {
  const minor = minorUnits(input.currency);
  const amount = dec(input.beneficiaryAmount);
  if (amount.lte(0)) throw new QuoteInputError('beneficiary amount must be positive');
  if (amount.decimalPlaces() > minor) {
    throw new QuoteInputError(`${input.currency} amounts have at most ${minor} decimals`);
  }
  const rate = dec(input.unitsPerUsdt);
  if (rate.lte(0)) throw new QuoteInputError('the rate must be positive');
  const margin = dec(input.marginBps);
  if (margin.lt(0) || margin.gte(10_000)) throw new QuoteInputError('the margin must be 0 to 9999.9999 bps');
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

  const cost = amount.plus(feeAmount).div(rate);
  const exactSource = cost.times(new Decimal(1).plus(margin.div(10_000)));

  return {
    feeTotal: feeTotal.toFixed(minor),
    feeAmount: feeAmount.toFixed(minor),
    feeBeneficiaryShare: feeTotal.minus(feeAmount).toFixed(minor),
    costUsdt: cost.toFixed(12, Decimal.ROUND_HALF_UP),
    sourceAmountBeforeRounding: exactSource.toFixed(12, Decimal.ROUND_HALF_UP),
    sourceAmount: roundUpUsdtQuote(exactSource),
  };
}
