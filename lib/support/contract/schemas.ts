// Owns the wire shapes of the support console's own resources: the signed-in staff member and their view.
import { z } from 'zod';
import { ENTITLEMENTS } from '@/lib/platform/actor/entitlements';
import { STAFF_ROLES } from '@/lib/platform/actor/roles';
import { paginationQuery } from '@/lib/platform/pagination';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';
import { CORRIDOR_STATUSES } from '@/lib/pricing/contract/enums';
import { corridorSummaryFields } from '@/lib/pricing/contract/schemas';

export const supportViewSchema = z
  .object({
    id: idSchema,
    org_id: idSchema,
    org_name: z.string(),
    reason: z.string().meta({ description: 'The ticket or explanation given when the view started' }),
    started_at: timestampSchema,
    expires_at: timestampSchema,
  })
  .meta({
    id: 'SupportView',
    description: 'A read-only "view as organization": the organization\'s own operations read as its admin.',
  });

export const staffMeSchema = z
  .object({
    id: idSchema,
    email: z.string(),
    name: z.string(),
    staff_role: z.enum(STAFF_ROLES).meta({ description: 'The primary staff role, shown beside the name' }),
    staff_roles: z.array(z.enum(STAFF_ROLES)).meta({
      description:
        'Every staff role the person holds (the primary one included): `support_lead` includes `support`; `operations` runs the payouts desk and custody records; `treasury` publishes rate sheets. Added in 2.8.0.',
    }),
    view: supportViewSchema.nullable().meta({ description: 'The active view, or null' }),
  })
  .meta({ id: 'StaffMe' });

export type StaffMeWire = z.input<typeof staffMeSchema>;

export type SupportViewWire = z.input<typeof supportViewSchema>;

export const startViewBody = z
  .object({
    org_id: idSchema,
    reason: z.string().trim().min(3, 'give the ticket reference or why you need to look').max(500).meta({
      description: 'Ticket reference or explanation; shown in the banner and to the organization admins',
    }),
  })
  .meta({ id: 'StartSupportView' });

export const currentViewSchema = z
  .object({ view: supportViewSchema.nullable() })
  .meta({ id: 'CurrentSupportView' });

export const directoryQuery = paginationQuery.extend({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .meta({ description: 'Part of the name, or the exact organization id' }),
});

export const directoryEntrySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    status: z.string(),
    entitlements: z.array(z.enum(ENTITLEMENTS)),
    created_at: timestampSchema,
  })
  .meta({ id: 'DirectoryOrganization' });

export const organizationDetailSchema = directoryEntrySchema
  .extend({
    legal_name: z.string().nullable(),
    country: z.string().nullable(),
    balances: z.array(z.object({ account: z.string(), currency: z.string(), balance: z.string() })),
    profile_counts: z.object({
      senders: z.record(z.string(), z.number().int()),
      beneficiaries: z.record(z.string(), z.number().int()),
    }),
    recent_batches: z.array(
      z.object({
        id: idSchema,
        status: z.string(),
        total_count: z.number().int(),
        failed_count: z.number().int(),
        client_reference: z.string().nullable(),
        created_at: timestampSchema,
      }),
    ),
    failed_orders: z.array(
      z.object({
        id: idSchema,
        batch_id: idSchema,
        status: z.string(),
        failure_message: z.string().nullable(),
        updated_at: timestampSchema,
      }),
    ),
    webhook_endpoints: z.array(
      z.object({
        id: idSchema,
        url: z.string(),
        status: z.string(),
        failed_deliveries_24h: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'DirectoryOrganizationDetail' });

export const orgIdParams = z.object({ orgId: idSchema });

export const accessLogEntrySchema = z
  .object({
    id: idSchema,
    org_id: idSchema,
    org_name: z.string(),
    staff_name: z.string(),
    staff_email: z.string(),
    reason: z.string(),
    started_at: timestampSchema,
    expires_at: timestampSchema,
    ended_at: timestampSchema.nullable(),
    end_reason: z.enum(['exited', 'expired', 'signed_out']).nullable(),
    reads: z.number().int().meta({ description: 'API reads (and so portal pages) made during the view' }),
  })
  .meta({ id: 'SupportAccess' });

export const accessLogQuery = paginationQuery;

export const staffReadSchema = z
  .object({
    id: idSchema,
    created_at: timestampSchema.meta({ description: 'When the staff member read it (real time)' }),
    staff_name: z.string(),
    staff_email: z.string(),
    operation: z.string().meta({
      description: 'The API operation that read the data (`getFundingBalance`, `getReviewProfile`, …)',
      example: 'getFundingBalance',
    }),
    method: z.string().meta({ example: 'GET' }),
    resource: z.string().meta({
      description:
        'What was read: the request path inside a view, or `sender/<id>`, `beneficiary/<id>`, `file/<id>`, `organization/<id>` from the support console',
      example: '/api/v2/funding/balance',
    }),
    view_id: idSchema.nullable().meta({
      description:
        'The support view the read was made in (see the access log); null for a console read outside a view',
    }),
  })
  .meta({ id: 'StaffRead' });
export const allViewsQuery = paginationQuery.extend({ org_id: idSchema.optional() });

// --- Pricing (support_lead): the only place rates and margins are visible. ---

const decimalString = (description: string) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a decimal string such as "0.92"')
    .meta({ description, example: '0.9210' });

export const pricingRateSchema = z.object({
  currency: z.string(),
  units_per_usdt: z.string().meta({ description: 'Units of the currency one USDT buys, mid-market' }),
  source: z.string(),
  effective_at: timestampSchema,
});

export const pricingCorridorSchema = z.object(corridorSummaryFields);

export const pricingMarginSchema = z.object({
  org_id: idSchema,
  org_name: z.string(),
  currency: z
    .string()
    .nullable()
    .meta({ description: "Null: the organization's default for every currency" }),
  margin_bps: z.string(),
  updated_at: timestampSchema,
});

export const pricingSchema = z
  .object({
    rates: z.array(pricingRateSchema),
    corridors: z.array(pricingCorridorSchema),
    margins: z.array(pricingMarginSchema),
  })
  .meta({ id: 'SupportPricing' });

export const publishRateBody = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as "EUR"'),
    units_per_usdt: decimalString('Units of the currency one USDT buys, mid-market').refine(
      (value) => /[1-9]/.test(value),
      'must be greater than zero',
    ),
  })
  .meta({ id: 'PublishRate' });

export const corridorIdParams = z.object({ corridorId: idSchema });

export const updateCorridorBody = z
  .object({
    status: z.enum(CORRIDOR_STATUSES).optional(),
    min_amount: decimalString('Smallest beneficiary amount, in the corridor currency').optional(),
    max_amount: decimalString('Largest beneficiary amount, in the corridor currency').optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'change at least one field')
  .meta({ id: 'UpdateCorridor' });

export const setMarginBody = z
  .object({
    org_id: idSchema,
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullable()
      .meta({ description: "Null sets the organization's default" }),
    margin_bps: decimalString('Basis points on the USDT amount (50 = 0.50 %), below 10,000'),
  })
  .meta({ id: 'SetMargin' });
