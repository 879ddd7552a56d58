// Owns the event types of pricing: rates, corridors and margins (audit only: rates and margins are never public).
import { z } from 'zod';
import { defineEvents } from '@/lib/platform/events/define';

export const pricingEvents = defineEvents({
  'fx_rate.published': {
    resource: 'fx_rate',
    visibility: 'internal',
    description: 'A new FX rate (currency → USDT) was published.',
    data: z.object({
      currency: z.string(),
      source: z.string(),
      units_per_usdt: z.string().optional(),
      previous_units_per_usdt: z.string().nullable().optional(),
    }),
  },
  'corridor.created': {
    resource: 'corridor',
    visibility: 'internal',
    description: 'A payout corridor was opened.',
    data: z
      .object({ currency: z.string(), status: z.string(), source: z.string().optional() })
      .catchall(z.string()),
  },
  'corridor.updated': {
    resource: 'corridor',
    visibility: 'internal',
    description: "A support lead changed a corridor's status or limits (existing quotes keep theirs).",
    data: z.object({
      currency: z.string(),
      before: z.object({ status: z.string(), min_amount: z.string(), max_amount: z.string() }),
      after: z.object({ status: z.string(), min_amount: z.string(), max_amount: z.string() }),
    }),
  },
  'rate_sheet.published': {
    resource: 'rate_sheet',
    visibility: 'internal',
    description:
      'Treasury published a rate sheet (RATES_ADAPTER=manual): its rates and validity, and the sheet it replaced.',
    data: z.object({
      valid_until: z.string(),
      rates: z.array(z.object({ currency: z.string(), units_per_usdt: z.string() })),
      previous_sheet_id: z.string().nullable(),
    }),
  },
  'corridor.fees_updated': {
    resource: 'corridor',
    visibility: 'internal',
    description: "A support lead replaced a corridor's fee schedule (existing quotes keep theirs).",
    data: z.object({
      currency: z.string(),
      before: z.record(z.string(), z.string()),
      after: z.record(z.string(), z.string()),
    }),
  },
  'organization_margin.set': {
    resource: 'organization_margin',
    visibility: 'internal',
    description: "A support lead set an organization's margin for a currency.",
    data: z.object({
      currency: z.string().nullable(),
      margin_bps: z.string().optional(),
      previous_margin_bps: z.string().nullable().optional(),
    }),
  },
});
