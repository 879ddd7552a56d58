// Owns the wire shapes of the support console's own resources: the signed-in staff member and their view.
import { z } from 'zod';
import { LOAN_STATUSES, SETTLEMENT_ROUTE_STATUSES } from '@/lib/enums/liquidity';
import { ENTITLEMENTS } from '@/lib/enums/organizations';
import { CORRIDOR_STATUSES } from '@/lib/enums/quotes';
import { STAFF_ROLES } from '@/lib/enums/users';
import { paginationQuery } from '@/lib/pagination';
import { idSchema, timestampSchema } from './common';
import {
  loanRepaymentSchema,
  loanSchema,
  proofOfSettlementSchema,
  settlementRouteSchema,
  utilizationProofSchema,
} from './liquidity';

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
    staff_role: z.enum(STAFF_ROLES),
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

export const pricingCorridorSchema = z.object({
  id: idSchema,
  name: z.string(),
  currency: z.string(),
  status: z.enum(CORRIDOR_STATUSES),
  min_amount: z.string(),
  max_amount: z.string(),
});

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

// --- KYC/KYB review queue (support): profiles in review, their details unmasked for staff, and the decision. ---

export const PROFILE_KINDS = ['sender', 'beneficiary'] as const;

export const reviewQueueQuery = paginationQuery.extend({
  kind: z
    .enum(PROFILE_KINDS, { error: 'must be sender or beneficiary' })
    .optional()
    .meta({ description: 'Only senders or only beneficiaries' }),
});

export const reviewQueueItemSchema = z
  .object({
    kind: z.enum(PROFILE_KINDS),
    id: idSchema,
    org_id: idSchema,
    org_name: z.string(),
    name: z.string(),
    type: z.string(),
    country: z.string(),
    submitted_at: timestampSchema.nullable(),
    screening_note: z
      .string()
      .nullable()
      .meta({ description: "The KYC adapter's note for staff; null while the screening has not run" }),
  })
  .meta({ id: 'ReviewQueueItem' });

export const reviewProfileParams = z.object({ kind: z.enum(PROFILE_KINDS), profileId: idSchema });

export const reviewFileSchema = z.object({
  id: idSchema,
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  created_at: timestampSchema,
});

export const reviewHistorySchema = z.object({
  type: z.string(),
  actor_type: z.string(),
  at: timestampSchema,
  note: z.string().nullable(),
});

export const reviewProfileSchema = z
  .object({
    kind: z.enum(PROFILE_KINDS),
    id: idSchema,
    org_id: idSchema,
    org_name: z.string(),
    name: z.string(),
    status: z.string(),
    rejection_reason: z.string().nullable(),
    submitted_at: timestampSchema.nullable(),
    reviewed_at: timestampSchema.nullable(),
    review_source: z.string().nullable(),
    screening_note: z.string().nullable(),
    fields: z
      .array(z.object({ name: z.string(), value: z.string() }))
      .meta({ description: 'Every field as entered, unmasked (IBAN, account and ID numbers in full)' }),
    sender: z.object({ id: idSchema, name: z.string(), status: z.string() }).nullable(),
    files: z.array(reviewFileSchema).meta({ description: "The sender's uploaded proof documents" }),
    history: z.array(reviewHistorySchema),
  })
  .meta({ id: 'ReviewProfile' });

export const reviewDecisionBody = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z
      .string()
      .trim()
      .max(500)
      .optional()
      .meta({ description: 'Required to reject: shown to the client on the profile' }),
  })
  .refine((body) => body.decision === 'approve' || (body.reason ?? '').length >= 3, {
    message: 'give the client a reason (at least 3 characters)',
    path: ['reason'],
  })
  .meta({ id: 'ReviewDecision' });

export const reviewFileParams = z.object({ fileId: idSchema });
export const reviewFileQuery = z.object({
  disposition: z
    .enum(['inline', 'attachment'])
    .default('attachment')
    .meta({ description: 'inline to show the document in the browser, attachment to download it' }),
});

// --- Liquidity back office (support_lead): what the organization's liquidity pages show, produced by staff. ---

const amountInput = (description: string) =>
  z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/, 'must be a decimal string with at most 6 decimals, such as "1000.50"')
    .refine((value) => /[1-9]/.test(value), 'must be greater than zero')
    .meta({ description, example: '1000.00' });

export const createLoanBody = z
  .object({
    principal: amountInput('Principal, in the loan currency'),
    currency: z
      .string()
      .regex(/^[A-Z]{3,5}$/, 'must be a currency code such as "USDT"')
      .default('USDT'),
    interest_rate_percent: z
      .string()
      .regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percentage such as "8.5"')
      .meta({ description: 'Annual rate in percent' }),
    drawn_amount: z
      .string()
      .regex(/^\d+(\.\d{1,6})?$/, 'must be a decimal string')
      .default('0'),
    status: z.enum(LOAN_STATUSES).default('PENDING'),
    starts_on: z.iso.date({ error: 'must be a date such as 2026-01-31' }),
    due_on: z.iso.date({ error: 'must be a date such as 2026-01-31' }),
  })
  .strict()
  .refine((body) => body.due_on >= body.starts_on, {
    message: 'must not be before starts_on',
    path: ['due_on'],
  })
  .meta({ id: 'CreateLoan' });

export const loanIdParams = z.object({ orgId: idSchema, loanId: idSchema });

export const recordRepaymentBody = z
  .object({
    amount: amountInput('Amount repaid (principal and interest), in the loan currency'),
    paid_at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 timestamp' }),
    reference: z.string().trim().min(1).max(200).optional(),
    loan_status: z
      .enum(LOAN_STATUSES)
      .optional()
      .meta({ description: "The loan's status after this repayment (e.g. REPAID for the last one)" }),
  })
  .strict()
  .meta({ id: 'RecordLoanRepayment' });

export const createRouteBody = z
  .object({
    name: z.string().trim().min(1, 'is required').max(200),
    corridor_id: idSchema,
    chain_id: idSchema,
    counterparty: z.string().trim().min(1, 'is required').max(200),
    status: z.enum(SETTLEMENT_ROUTE_STATUSES).default('ACTIVE'),
  })
  .strict()
  .meta({ id: 'CreateSettlementRoute' });

export const routeParams = z.object({ orgId: idSchema, routeId: idSchema });

export const attachProofFields = z.object({
  recorded_at: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 timestamp' })
    .meta({ description: 'When the settlement the document proves took place' }),
});

export const recordUtilizationBody = z
  .object({
    amount: amountInput('Liquidity used, in `currency`'),
    currency: z.string().regex(/^[A-Z]{3,5}$/, 'must be a currency code such as "EUR"'),
    route_id: idSchema.optional(),
    reference: z.string().trim().min(1).max(200).optional(),
  })
  .strict()
  .meta({ id: 'RecordUtilizationProof' });

export const backOfficeSchema = z
  .object({
    org_id: idSchema,
    org_name: z.string(),
    loans: z.array(loanSchema),
    repayments: z.array(loanRepaymentSchema),
    routes: z.array(settlementRouteSchema.extend({ proofs: z.array(proofOfSettlementSchema) })),
    utilization_proofs: z.array(
      utilizationProofSchema.extend({ route_id: idSchema.nullable(), reference: z.string().nullable() }),
    ),
    chains: z.array(z.object({ id: idSchema, code: z.string(), name: z.string() })),
    corridors: z.array(
      z.object({ id: idSchema, name: z.string(), currency: z.string(), status: z.string() }),
    ),
  })
  .meta({ id: 'LiquidityBackOffice' });
