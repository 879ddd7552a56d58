// Owns the wire shapes of the payouts desk (the provider's operations pay orders by hand) and of the payout accounts
// it pays from: browser-safe, read by the console's desk page and the desk's operations.
import { z } from 'zod';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';
import { ORDER_STATUSES } from './enums';

export const payoutAccountSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    account_number: z
      .string()
      .meta({ description: "IBAN or local account number of the provider's own account" }),
    bic: z.string(),
    currency: z.string(),
    active: z
      .boolean()
      .meta({ description: 'The account orders of its currency are paid from (one per currency)' }),
    created_by_user_id: idSchema,
    created_at: timestampSchema,
  })
  .meta({ id: 'PayoutAccount' });
export type PayoutAccountWire = z.input<typeof payoutAccountSchema>;

export const payoutAccountListSchema = z.object({ data: z.array(payoutAccountSchema) });

export const createPayoutAccountBody = z.object({
  name: z.string().trim().min(1).max(100),
  account_number: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z.string().regex(/^[A-Z0-9]{6,34}$/, 'must be an IBAN or account number (6 to 34 letters and digits)'),
    ),
  bic: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'must be a BIC of 8 or 11 letters and digits'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR'),
});

export const deskOrderSchema = z
  .object({
    id: idSchema,
    org_id: idSchema,
    org_name: z.string(),
    batch_id: idSchema,
    status: z.enum(ORDER_STATUSES),
    beneficiary_amount: z.string(),
    beneficiary_currency: z.string(),
    beneficiary_name: z.string(),
    beneficiary_country: z.string(),
    bank_name: z.string().nullable(),
    swift_bic: z.string().nullable(),
    account_last4: z.string().nullable().meta({
      description:
        "Last four characters of the payee's IBAN or account number (the full one is a staff read)",
    }),
    tracking_reference: idSchema.nullable(),
    bank_reference: z.string().nullable(),
    failure_message: z.string().nullable(),
    payout_account_id: idSchema.nullable(),
    sent_by_user_id: idSchema
      .nullable()
      .meta({ description: 'Who marked it sent (someone else records its outcome)' }),
    payment_file_id: idSchema.nullable().meta({
      description:
        'The payment file (built or sent, not cancelled) that carries the order to the bank, if any',
    }),
    updated_at: timestampSchema,
  })
  .meta({ id: 'DeskOrder' });
export type DeskOrderWire = z.input<typeof deskOrderSchema>;

export const deskGroupSchema = z.object({
  currency: z.string(),
  payout_account: payoutAccountSchema
    .nullable()
    .meta({ description: "The currency's active payout account, if any" }),
  orders: z.array(deskOrderSchema),
});

export const deskSchema = z.object({
  to_pay: z
    .array(deskGroupSchema)
    .meta({ description: 'DEPOSIT_RECEIVED orders, by currency and payout account' }),
  in_flight: z
    .array(deskGroupSchema)
    .meta({ description: 'PAYING_BENEFICIARY orders marked sent, waiting for their outcome' }),
});
export type DeskWire = z.input<typeof deskSchema>;

export const markSentBody = z.object({
  order_ids: z.array(idSchema).min(1).max(500),
});

export const deskOrderListSchema = z.object({ data: z.array(deskOrderSchema) });

export const recordOutcomeBody = z
  .object({
    outcome: z.enum(['paid', 'failed']),
    bank_reference: z
      .string()
      .trim()
      .min(1)
      .max(140)
      .optional()
      .meta({ description: "The bank's own reference for the executed payment (required when `paid`)" }),
    reason: z.string().trim().min(1).max(500).optional().meta({
      description:
        "Why it failed, shown to the client as the order's failure_message (required when `failed`)",
    }),
  })
  .superRefine((body, context) => {
    if (body.outcome === 'paid' && !body.bank_reference)
      context.addIssue({
        code: 'custom',
        path: ['bank_reference'],
        message: "bank_reference: the bank's reference of a paid order is required",
      });
    if (body.outcome === 'failed' && !body.reason)
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'reason: the reason a failed order failed is required',
      });
  })
  .meta({ example: { outcome: 'paid', bank_reference: 'NOTPROVIDED-20261129-0001' } });

export const deskOrderParams = z.object({ orderId: idSchema });
export const payeeParams = z.object({ orgId: idSchema, orderId: idSchema });

export const deskPayeeSchema = z
  .object({
    order_id: idSchema,
    beneficiary_name: z.string(),
    beneficiary_country: z.string(),
    bank_name: z.string().nullable(),
    bank_country: z.string().nullable(),
    swift_bic: z.string().nullable(),
    iban: z.string().nullable(),
    account_number: z.string().nullable(),
    routing_code: z.string().nullable(),
    routing_code_type: z.string().nullable(),
  })
  .meta({ id: 'DeskPayee' });
export type DeskPayeeWire = z.input<typeof deskPayeeSchema>;
