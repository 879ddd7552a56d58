// Owns the declarations of the pricing operations staff run from the support console: treasury's rate sheets
// (RATES_ADAPTER=manual) and the support lead's corridors with their fee schedules (audience staff: keys and client
// users get 404).
import { defineOperation } from '@/lib/platform/operations/operation';
import { listEnvelopeSchema } from '@/lib/platform/pagination';
import {
  corridorDetailParams,
  corridorDetailSchema,
  corridorFeesBody,
  createCorridorBody,
  listRateSheetsQuery,
  MAX_SHEET_RATES,
  MAX_SHEET_VALIDITY_HOURS,
  MIN_SHEET_VALIDITY_MINUTES,
  publishRateSheetBody,
  rateSheetSchema,
} from './schemas';

export const listRateSheetsOperation = defineOperation({
  id: 'listRateSheets',
  method: 'GET',
  path: '/api/v2/support/rates/sheets',
  summary: 'The rate sheets treasury published, newest first (treasury, support lead)',
  description:
    'Each sheet with its rates, who published it and when, and its state: the newest is `in_force` until its `valid_until`, then `expired` (quoting is refused with 503 `rates_unavailable` until the next sheet); older ones are `superseded`. Rates are staff-only: clients never see them, nor the margin on top.',
  tags: ['Treasury'],
  audience: 'staff',
  staffRoles: ['treasury', 'support_lead'],
  query: listRateSheetsQuery,
  response: {
    status: 200,
    description: 'A page of rate sheets',
    schema: listEnvelopeSchema(rateSheetSchema),
  },
});

export const publishRateSheetOperation = defineOperation({
  id: 'publishRateSheet',
  method: 'POST',
  path: '/api/v2/support/rates/sheets',
  summary: 'Publish a rate sheet, in force now (treasury)',
  description: `With \`RATES_ADAPTER=manual\` quotes use the newest sheet until its \`valid_until\`: a rate per currency in units per USDT (mid-market; each organization's margin applies on top), 1 to ${MAX_SHEET_RATES} currencies, each once. \`valid_until\` is at least ${MIN_SHEET_VALIDITY_MINUTES} minutes and at most ${MAX_SHEET_VALIDITY_HOURS} hours ahead. A currency left out of the sheet has no rate (its orders are refused with \`no_rate\`). Quotes already made keep their rate. Recorded in the audit log with who published it.`,
  tags: ['Treasury'],
  audience: 'staff',
  staffRoles: ['treasury'],
  idempotent: false,
  body: publishRateSheetBody,
  errors: ['forbidden'],
  response: { status: 201, description: 'The sheet, in force', schema: rateSheetSchema },
});

export const listSupportCorridorsOperation = defineOperation({
  id: 'listSupportCorridors',
  method: 'GET',
  path: '/api/v2/support/pricing/corridors',
  summary: 'Every corridor with its limits and fee schedule (support lead)',
  tags: ['Treasury'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  response: {
    status: 200,
    description: 'The corridors, by currency and name',
    schema: listEnvelopeSchema(corridorDetailSchema),
  },
});

export const createSupportCorridorOperation = defineOperation({
  id: 'createSupportCorridor',
  method: 'POST',
  path: '/api/v2/support/pricing/corridors',
  summary: 'Open a payout corridor: currency, limits and fees (support lead)',
  description:
    'Amounts are in the corridor currency; percentages of the beneficiary amount (0.10 = 0.10 %). OUR must cost the client at least its share of SHA (`our_fee_fixed ≥ sha_fee_fixed × sha_sender_share`, and the same for the percentages), and `min_amount` must be above zero and not above `max_amount`: each broken rule is named in `errors[]` (422). At most one corridor per currency is `ACTIVE` (409 otherwise). Recorded in the audit log.',
  tags: ['Treasury'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  idempotent: false,
  body: createCorridorBody,
  errors: ['forbidden', 'invalid_state'],
  response: { status: 201, description: 'The corridor', schema: corridorDetailSchema },
});

export const updateSupportCorridorFeesOperation = defineOperation({
  id: 'updateSupportCorridorFees',
  method: 'PUT',
  path: '/api/v2/support/pricing/corridors/{corridorId}/fees',
  summary: "Replace a corridor's fee schedule (support lead)",
  description:
    'The same rules as when opening a corridor (422 naming each). Quotes already made keep the fees they were computed with; new quotes use these. Recorded in the audit log with the schedule before and after.',
  tags: ['Treasury'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  params: corridorDetailParams,
  body: corridorFeesBody,
  errors: ['forbidden', 'resource_not_found'],
  response: { status: 200, description: 'The corridor', schema: corridorDetailSchema },
});

export const pricingStaffOperations = [
  listRateSheetsOperation,
  publishRateSheetOperation,
  listSupportCorridorsOperation,
  createSupportCorridorOperation,
  updateSupportCorridorFeesOperation,
];
