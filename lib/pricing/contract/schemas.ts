// Owns the wire shapes of the staff pricing operations this area declares itself: treasury rate sheets and corridors
// with their fee schedules (browser-safe). Rates and margins are staff-only: nothing here reaches a client.
import { z } from 'zod';
import { paginationQuery } from '@/lib/platform/pagination';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';
import { CORRIDOR_STATUSES } from '@/lib/pricing/contract/enums';
import {
  MAX_SHEET_RATES,
  MAX_SHEET_VALIDITY_HOURS,
  MIN_SHEET_VALIDITY_MINUTES,
  SHEET_CURRENCY_TEXT,
  SHEET_RATE_TEXT,
} from './sheet-rules';

export { MAX_SHEET_RATES, MAX_SHEET_VALIDITY_HOURS, MIN_SHEET_VALIDITY_MINUTES } from './sheet-rules';

const currencyCode = z
  .string()
  .regex(SHEET_CURRENCY_TEXT, 'must be an ISO 4217 code such as "EUR"')
  .meta({ description: 'ISO 4217 currency code', example: 'EUR' });

export const rateSheetRateBody = z.object({
  currency: currencyCode,
  units_per_usdt: z
    .string()
    .regex(SHEET_RATE_TEXT, 'must be a positive decimal such as "0.9231" (at most 12 decimals)')
    .meta({
      description: 'Units of the currency one USDT buys, mid-market, before margin',
      example: '0.9231',
    }),
});

export const publishRateSheetBody = z
  .object({
    valid_until: timestampSchema.meta({
      description: `When the sheet stops quoting: at least ${MIN_SHEET_VALIDITY_MINUTES} minutes and at most ${MAX_SHEET_VALIDITY_HOURS} hours from now`,
    }),
    rates: z
      .array(rateSheetRateBody)
      .min(1, 'must hold at least one rate')
      .max(MAX_SHEET_RATES, `must hold at most ${MAX_SHEET_RATES} rates`),
  })
  .meta({ id: 'PublishRateSheet' });
export type PublishRateSheetBody = z.output<typeof publishRateSheetBody>;

export const RATE_SHEET_STATES = ['in_force', 'expired', 'superseded'] as const;

export const rateSheetSchema = z
  .object({
    id: idSchema,
    state: z.enum(RATE_SHEET_STATES).meta({
      description:
        '`in_force`: the newest sheet, before its `valid_until` (quotes use it); `expired`: the newest sheet, past `valid_until` (quoting answers 503 `rates_unavailable`); `superseded`: a newer sheet replaced it',
    }),
    published_at: timestampSchema,
    valid_until: timestampSchema,
    published_by: z.object({ user_id: idSchema, name: z.string() }),
    rates: z.array(z.object({ currency: z.string(), units_per_usdt: z.string() })),
  })
  .meta({ id: 'RateSheet' });
export type RateSheetWire = z.output<typeof rateSheetSchema>;

export const listRateSheetsQuery = paginationQuery;

const amountText = (description: string) =>
  z
    .string()
    .regex(/^\d{1,18}(\.\d{1,6})?$/, 'must be a decimal such as "25.00" (at most 6 decimals)')
    .meta({ description, example: '25.00' });
const percentText = (description: string) =>
  z
    .string()
    .regex(/^\d{1,2}(\.\d{1,6})?$/, 'must be a percentage below 100 such as "0.10" (at most 6 decimals)')
    .meta({ description, example: '0.10' });

/** A corridor's fee schedule (DESIGN's fee rule: lib/pricing's `corridors` table). */
const feeFields = {
  our_fee_fixed: amountText('OUR: fixed fee in the corridor currency'),
  our_fee_percent: percentText('OUR: percent of the beneficiary amount (0.10 = 0.10 %)'),
  sha_fee_fixed: amountText('SHA: fixed fee in the corridor currency'),
  sha_fee_percent: percentText('SHA: percent of the beneficiary amount'),
  sha_sender_share: z
    .string()
    .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'must be a fraction between 0 and 1 such as "0.5"')
    .meta({ description: 'Fraction (0 to 1) of the SHA fee the client funds', example: '0.5' }),
};

export const createCorridorBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(100, 'must be at most 100 characters')
      .meta({ description: 'How staff call the corridor', example: 'EUR via SEPA' }),
    currency: currencyCode,
    status: z.enum(CORRIDOR_STATUSES).default('ACTIVE'),
    min_amount: amountText('Smallest beneficiary amount, in the corridor currency'),
    max_amount: amountText('Largest beneficiary amount, in the corridor currency'),
    ...feeFields,
  })
  .meta({ id: 'CreateCorridor' });
export type CreateCorridorBody = z.output<typeof createCorridorBody>;

export const corridorFeesBody = z.object(feeFields).meta({ id: 'CorridorFees' });
export type CorridorFeesBody = z.output<typeof corridorFeesBody>;

/** A corridor as every staff view of it begins: its name, currency, status and limits (the support console's too). */
export const corridorSummaryFields = {
  id: idSchema,
  name: z.string(),
  currency: z.string(),
  status: z.enum(CORRIDOR_STATUSES),
  min_amount: z.string(),
  max_amount: z.string(),
};

export const corridorDetailSchema = z
  .object({
    ...corridorSummaryFields,
    our_fee_fixed: z.string(),
    our_fee_percent: z.string(),
    sha_fee_fixed: z.string(),
    sha_fee_percent: z.string(),
    sha_sender_share: z.string(),
    updated_at: timestampSchema,
  })
  .meta({ id: 'CorridorDetail' });
export type CorridorDetailWire = z.output<typeof corridorDetailSchema>;

export const corridorDetailParams = z.object({ corridorId: idSchema });
