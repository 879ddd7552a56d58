// Owns the wire shape of the caller's organization and its product entitlements.
import { z } from 'zod';
import { ENTITLEMENTS } from '@/lib/platform/actor/entitlements';
import { decimalInput, idSchema, timestampSchema, usdtAmountSchema } from '@/lib/platform/schemas/common';

export const organizationSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    legal_name: z.string().nullable(),
    country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2 country of incorporation' }),
    status: z.enum(['active', 'suspended']),
    entitlements: z
      .array(z.enum(ENTITLEMENTS))
      .meta({ description: 'Products this organization may use; a route of another product answers 403' }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Organization' });

export type OrganizationWire = z.input<typeof organizationSchema>;

/** 0 to 100 with at most 2 decimals. */
const PERCENT = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/;

export const organizationSettingsSchema = z
  .object({
    require_review_digest: z.boolean().meta({
      description:
        "Whether confirm must send the batch's `review_digest`: on for organizations opened from API 2.10.0, off for older ones",
    }),
    requote_tolerance_percent: z.string().meta({
      description:
        "How far (percent) a batch's `source_amount_total` may move when its last approval confirms it at the current quote; beyond it the approval answers `review_outdated` with the new total",
      example: '1',
    }),
    low_balance_threshold_usdt: usdtAmountSchema.nullable().meta({
      description: 'Available USDT below which approvers are told the balance is low; null: never',
    }),
    updated_at: timestampSchema,
  })
  .meta({ id: 'OrganizationSettings' });

export const updateOrganizationSettingsBody = z
  .strictObject({
    require_review_digest: z.boolean().optional(),
    requote_tolerance_percent: z
      .string()
      .regex(PERCENT, 'must be a percentage from 0 to 100 such as "1" or "2.5" (at most 2 decimals)')
      .optional(),
    low_balance_threshold_usdt: decimalInput(6, 'Available USDT below which approvers are told; null: never')
      .nullable()
      .optional(),
  })
  .meta({ id: 'OrganizationSettingsUpdate' });

export type OrganizationSettingsWire = z.input<typeof organizationSettingsSchema>;
export type OrganizationSettingsUpdate = z.output<typeof updateOrganizationSettingsBody>;
