// Owns the wire shapes of the support lead's liquidity back office (kept apart from lib/support/contract/schemas, which the
// portal's view banner loads on every page).
import { z } from 'zod';
import { idSchema } from '@/lib/platform/schemas/common';
import { LOAN_STATUSES, SETTLEMENT_ROUTE_STATUSES } from './enums';
import {
  loanRepaymentSchema,
  loanSchema,
  proofOfSettlementSchema,
  settlementRouteSchema,
  utilizationProofSchema,
} from './schemas';

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

export const updateRouteBody = z
  .object({
    status: z
      .enum(SETTLEMENT_ROUTE_STATUSES)
      .meta({ description: 'INACTIVE takes a route out of use; its proofs stay listed and downloadable' }),
  })
  .strict()
  .meta({ id: 'UpdateSettlementRoute' });

export const attachProofFields = z.object({
  recorded_at: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 timestamp' })
    .meta({ description: 'When the settlement the document proves took place' }),
  batch_id: idSchema.optional().meta({
    description: "The organization's payout batch whose settlement the document proves: its page links it",
  }),
  transaction_hash: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200)
    .optional()
    .meta({ description: 'The on-chain settlement transaction, shown with the proof' }),
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
