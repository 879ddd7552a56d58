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
    data: z.object({ currency: z.string(), status: z.string(), source: z.string().optional() }),
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
