// Owns the wire shapes of payouts: createBatch, Batch, Order, BatchWithOrders, list filters, approval policy.
import { z } from 'zod';
import { BATCH_SOURCES } from '@/lib/approvals/contract/enums';
import { actionsSchema, approvalSchema } from '@/lib/approvals/contract/schemas';
import { BATCH_STATUSES, FEE_TYPES, ORDER_STATUSES, PURPOSE_CODES } from '@/lib/payouts/contract/enums';
import { DECIMAL_STRING, decimalPlaces, isFiatCurrency, minorUnits } from '@/lib/platform/money';
import { cursorPaginationQuery, paginationQuery } from '@/lib/platform/pagination';
import {
  idSchema,
  queryDateTime,
  timestampFilter,
  timestampSchema,
  usdtAmountSchema,
} from '@/lib/platform/schemas/common';

/** DESIGN "Settled questions — the domain": at most 5,000 orders per batch (4 MiB body). */
export const MAX_ORDERS_PER_BATCH = 5_000;
/** A createBatch of more orders than this is heavy work, bounded per organization (DESIGN "Tenant limits"). */
export const HEAVY_BATCH_ORDERS = 1_000;
export const CREATE_BATCH_MAX_BODY_BYTES = 4 * 1024 * 1024;

export const batchStatusSchema = z.enum(BATCH_STATUSES).meta({ id: 'BatchStatus' });
export const orderStatusSchema = z.enum(ORDER_STATUSES).meta({ id: 'OrderStatus' });
export const feeTypeSchema = z.enum(FEE_TYPES).meta({
  id: 'FeeType',
  description:
    'OUR: the client funds the whole wire fee and the beneficiary receives beneficiary_amount in full. SHA: the fee is shared per SWIFT convention — the client funds the sending-side share (half unless the corridor says otherwise) and the receiving side may deduct its share from the amount credited.',
});
export const purposeCodeSchema = z.enum(PURPOSE_CODES).meta({ id: 'PurposeCode' });

const clientReference = z.string().min(1).max(140);

export const orderCreateItemSchema = z
  .strictObject({
    sender_profile_id: idSchema.meta({
      description: "A sender profile of the organization, `ready`, and the beneficiary's own sender",
    }),
    beneficiary_profile_id: idSchema.meta({
      description: 'A beneficiary profile of the organization, `ready`',
    }),
    beneficiary_amount: z
      .string()
      .regex(DECIMAL_STRING, 'must be a decimal string such as "100.50"')
      .refine((value) => /[1-9]/.test(value), 'must be greater than zero')
      .meta({
        description:
          'What the beneficiary receives (not what the client funds), at most the currency’s minor units',
        example: '1000.00',
      }),
    beneficiary_currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as "EUR"')
      .meta({ example: 'EUR' }),
    fee_type: feeTypeSchema,
    purpose_code: purposeCodeSchema,
    client_reference: clientReference
      .optional()
      .meta({ description: "The caller's own reference for this line" }),
    file_ids: z.array(idSchema).max(20).optional().meta({
      description:
        "Proof documents for the transfer: ids returned by uploading a sender file (POST /api/v2/senders/{senderId}/files) against this order's sender. Accepted but not echoed back on the order.",
    }),
  })
  .superRefine(
    (item, ctx) => {
      // Decimals beyond the currency's minor units are a field error (422); an unsupported currency is a business
      // rule (400) the service reports, since the list of currencies is the corridors'.
      if (!DECIMAL_STRING.test(item.beneficiary_amount) || !isFiatCurrency(item.beneficiary_currency)) return;
      const minor = minorUnits(item.beneficiary_currency);
      if (decimalPlaces(item.beneficiary_amount) > minor) {
        ctx.addIssue({
          code: 'custom',
          path: ['beneficiary_amount'],
          message:
            minor === 0
              ? `must be a whole number of ${item.beneficiary_currency}`
              : `must have at most ${minor} decimals for ${item.beneficiary_currency}`,
        });
      }
    },
    {
      // Runs even when other fields of the order failed, so one 422 names every bad field.
      when: (payload) => {
        const value = payload.value as Record<string, unknown> | undefined;
        return (
          typeof value?.beneficiary_amount === 'string' && typeof value?.beneficiary_currency === 'string'
        );
      },
    },
  )
  .meta({ id: 'OrderCreateItem' });

export const createBatchBody = z
  .strictObject({
    client_reference: clientReference
      .optional()
      .meta({ description: "The caller's own reference for the whole batch" }),
    source: z.enum(BATCH_SOURCES).optional().meta({
      description:
        'Where the batch comes from, for approval rules by source: `portal` or `csv` from a signed-in session (default `portal`); an API key’s batch is always `api`, whatever it sends. Added in 2.10.0.',
    }),
    orders: z
      .array(orderCreateItemSchema)
      .min(1, 'must hold at least one order')
      .max(MAX_ORDERS_PER_BATCH, `must hold at most ${MAX_ORDERS_PER_BATCH} orders`),
  })
  .meta({ id: 'CreateBatchRequest' });
export type CreateBatchBody = z.output<typeof createBatchBody>;

export const batchCreatorSchema = z
  .object({
    type: z.enum(['user', 'api_key']),
    id: idSchema.meta({ description: 'The user id (type user) or API key id (type api_key)' }),
  })
  .meta({
    id: 'BatchCreator',
    description:
      'Who created the batch (the first of its `makers`): under the approval policy, this user or key cannot confirm it',
  });

export const batchMakerSchema = z
  .object({
    type: z.enum(['user', 'api_key']),
    id: idSchema.meta({ description: 'The user id (type user) or API key id (type api_key)' }),
    name: z.string().meta({ description: "The user's name or the API key's name, as they are now" }),
    user_id: idSchema.nullable().meta({
      description:
        'The person this maker counts as under the approval policy: the user (type user), the user who created the key (type api_key), or null for a key no user created (the key is its own person). Lets a client tell whether the signed-in user is a maker.',
    }),
  })
  .meta({
    id: 'BatchMaker',
    description:
      'A user or API key that made the batch what it is: created it, re-quoted it, or changed the identity or bank details of a party it pays while it was a draft',
  });
export type BatchMakerWire = z.input<typeof batchMakerSchema>;

/** The source CSV of a batch: text, at most 4 MiB (the createBatch body limit). */
export const MAX_BATCH_SOURCE_FILE_BYTES = 4 * 1024 * 1024;

export const batchSourceFileSchema = z
  .object({
    name: z.string(),
    size: z.number().int().meta({ description: 'In bytes' }),
    sha256: z.string().meta({ description: 'Lower-case hex SHA-256 of the content' }),
  })
  .meta({ id: 'BatchSourceFile' });

export const reviewDigestSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'must be the 64 lower-case hex characters of a batch’s review_digest')
  .meta({ example: '9f2c6d0e8a4b1c3d5e7f9a0b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d' });

/**
 * The optional body of confirm: the digest the approver reviewed. Unknown fields are refused like every other body's
 * (since 2.7.0): a misspelt `reviewDigest` used to confirm without any check. An empty body still confirms without
 * the check, as before 2.3.0.
 */
export const confirmBatchBody = z
  .strictObject({
    review_digest: reviewDigestSchema.optional().meta({
      description:
        'The `review_digest` of the batch as you reviewed it. Required when the organization’s `require_review_digest` is on (organizations opened from 2.10.0); otherwise optional for compatibility (and deprecated: without it, the confirm binds whatever the batch holds at that moment).',
    }),
  })
  .meta({ id: 'ConfirmBatchRequest' });

const batchFundsSchema = z
  .object({
    held: usdtAmountSchema.meta({
      description: 'Still held for orders under way (awaiting their deposit, settling or being paid)',
    }),
    paid: usdtAmountSchema.meta({ description: 'Paid out to beneficiaries: COMPLETED orders' }),
    released: usdtAmountSchema.meta({
      description:
        'Back in the available balance: FAILED orders, and orders cancelled or expired after confirmation',
    }),
  })
  .meta({
    id: 'BatchFunds',
    description:
      'Where `source_amount_total` is now. Once confirmed, held + paid + released = source_amount_total; before confirmation (and for a draft that expired) all three are 0.00, since nothing was held. Added in 2.5.0.',
  });

export const batchSchema = z
  .object({
    id: idSchema,
    status: batchStatusSchema,
    total_count: z.number().int(),
    completed_count: z.number().int(),
    failed_count: z.number().int().meta({ description: 'Includes cancelled orders' }),
    client_reference: z.string().nullable(),
    source_amount_total: usdtAmountSchema.meta({
      description: 'Sum of the orders’ source_amount: what confirming holds from the available balance',
    }),
    funds: batchFundsSchema,
    quote_expires_at: timestampSchema.meta({
      description: 'Confirm before this time, or re-quote the batch (POST …/quote)',
    }),
    confirmed_at: timestampSchema.nullable(),
    created_by: batchCreatorSchema,
    makers: z.array(batchMakerSchema).meta({
      description:
        'Everyone who made the batch, first made first: its creator, everyone who re-quoted it, and everyone who changed the identity or bank details of a party it pays while it was a draft. Under the approval policy none of them may confirm it, as a person: an API key counts as the user who created it (a key no user created is its own person). Added in 2.7.0.',
    }),
    source_file: batchSourceFileSchema.nullable().meta({
      description: 'The CSV the batch was imported from, once attached (POST …/source-file); null otherwise',
    }),
    review_digest: reviewDigestSchema.meta({
      description:
        'What an approval binds: a digest of the quote expiry and, per order, its amounts, fee, purpose and both parties with the version of their identity and bank details. It changes whenever any of these change (re-quote, a profile edit) and is kept after confirmation. Send the digest you reviewed when confirming (POST …/confirm `{"review_digest": …}`): a confirm of anything else is refused with 409 `review_outdated`, naming what changed.',
    }),
    review_outdated_at: timestampSchema.nullable().meta({
      description:
        'When a change of a party’s identity or bank details last altered this draft (its review_digest changed with it, and `batch.review_outdated` was sent): anyone who reviewed it before must look again. Null if never.',
    }),
    approval_digest: reviewDigestSchema.nullable().meta({
      description:
        'What an approval binds (send it with `POST …/approve`): the orders, amounts, currencies, parties and the version of their details — not the quote, so a multi-stage approval outlasts a quote. Any change of these clears the approvals given. Added in 2.10.0.',
    }),
    approval: approvalSchema.meta({
      description:
        'The approval rules that matched the batch when it went to approval, copied onto it: status, each stage with who approved, the rejection. `not_required` when no rule matched. The batch stays `AWAITING_CONFIRMATION` while it is pending or rejected. Added in 2.10.0.',
    }),
    source: z.enum(BATCH_SOURCES).meta({
      description:
        'Where the batch came from (`portal`, `csv`, `api`; keys are always `api`). Added in 2.10.0.',
    }),
    actions: actionsSchema,
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Batch' });
export type BatchWire = z.input<typeof batchSchema>;

export const orderSchema = z
  .object({
    id: idSchema,
    batch_id: idSchema,
    sender_profile_id: idSchema,
    beneficiary_profile_id: idSchema,
    fee_type: feeTypeSchema,
    purpose_code: purposeCodeSchema,
    beneficiary_amount: z.string(),
    beneficiary_currency: z.string(),
    fee_amount: z
      .string()
      .nullable()
      .meta({ description: 'The part of the wire fee the client funds, in beneficiary_currency' }),
    source_currency: z.literal('USDT'),
    source_amount: z.string().nullable().meta({
      description:
        'USDT to fund, already including the fee share and everything else the client is responsible for',
    }),
    status: orderStatusSchema,
    failure_message: z
      .string()
      .nullable()
      .meta({ description: 'Why the order failed, safe to display; null unless status is FAILED' }),
    expires_at: timestampSchema.nullable().meta({ description: 'The funding deadline, set on confirmation' }),
    client_reference: z.string().nullable(),
    tracking_reference: idSchema.nullable().meta({
      description: 'UETR-style payment reference, set when the payment leaves (PAYING_BENEFICIARY)',
    }),
    bank_reference: z.string().nullable().meta({
      description:
        "The paying bank's own reference for the executed payment, when the provider's operations recorded one (COMPLETED); null otherwise",
    }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Order' });
export type OrderWire = z.input<typeof orderSchema>;

export const batchWithOrdersSchema = z
  .object({ batch: batchSchema, orders: z.array(orderSchema) })
  .meta({ id: 'BatchWithOrders' });
export type BatchWithOrdersWire = z.input<typeof batchWithOrdersSchema>;

export const batchParams = z.object({ batchId: idSchema });

export const approveBatchBody = z
  .object({
    approval_digest: reviewDigestSchema.meta({
      description: 'The batch’s `approval_digest` as you reviewed it',
    }),
  })
  .meta({ id: 'ApproveBatchRequest' });

export const rejectBatchBody = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .meta({ description: 'Why, shown to the makers', example: 'Wrong supplier invoice' }),
  })
  .meta({ id: 'RejectBatchRequest' });
export const orderParams = z.object({ orderId: idSchema });

export const listBatchesQuery = paginationQuery.extend({
  status: batchStatusSchema.optional(),
  client_reference: z.string().min(1).max(140).optional(),
  created_from: timestampFilter('Only batches created at or after this time'),
  created_to: timestampFilter('Only batches created before this time'),
});

export const listBatchOrdersQuery = paginationQuery.extend({ status: orderStatusSchema.optional() });

export const listOrdersQuery = cursorPaginationQuery.extend({
  status: orderStatusSchema.optional(),
  batch_id: idSchema.optional(),
  created_from: timestampFilter('Only orders created at or after this time'),
  created_to: timestampFilter('Only orders created before this time'),
});

const requiredTimestamp = queryDateTime;

/**
 * The longest period one export or statement covers (DESIGN "Tenant limits"): a leap year, so any calendar year fits;
 * longer runs are asked for a year at a time. A fixed number (not configuration) because the document states it.
 */
export const MAX_EXPORT_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `from` < `to` and at most MAX_EXPORT_DAYS apart: 422 naming `to`, the limit in the message. */
function exportPeriod<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((q) => new Date(q.from) < new Date(q.to), { path: ['to'], message: 'must be after from' })
    .refine((q) => new Date(q.to).getTime() - new Date(q.from).getTime() <= MAX_EXPORT_DAYS * DAY_MS, {
      path: ['to'],
      message: `must be at most ${MAX_EXPORT_DAYS} days after from (ask for a longer period a year at a time)`,
    });
}

export const exportOrdersQuery = exportPeriod(
  z.object({
    from: requiredTimestamp('Orders created at or after this time'),
    to: requiredTimestamp(`Orders created before this time; at most ${MAX_EXPORT_DAYS} days after from`),
    status: orderStatusSchema.optional(),
  }),
);

/** The longest period one summary covers (a quarter and a day), so the per-day answer stays small. */
export const MAX_SUMMARY_DAYS = 92;

export const orderSummaryQuery = z
  .object({
    from: requiredTimestamp('Orders created at or after this time'),
    to: requiredTimestamp(`Orders created before this time; at most ${MAX_SUMMARY_DAYS} days after from`),
  })
  .refine((q) => new Date(q.from) < new Date(q.to), { path: ['to'], message: 'must be after from' });

export const orderSummarySchema = z
  .object({
    from: timestampSchema,
    to: timestampSchema,
    volume: z
      .array(
        z.object({
          day: z
            .string()
            .meta({ description: 'UTC calendar day the orders were created', example: '2026-11-20' }),
          currency: z.string().meta({ example: 'EUR' }),
          beneficiary_amount: z.string().meta({
            description: 'Sum of the COMPLETED orders’ beneficiary_amount, at the currency’s minor units',
            example: '12500.00',
          }),
          order_count: z.number().int(),
        }),
      )
      .meta({ description: 'One entry per UTC day and currency with completed orders, oldest day first' }),
    outcomes: z
      .object({
        completed: z.number().int(),
        failed: z.number().int(),
        cancelled_expired: z.number().int().meta({
          description:
            'Confirmed orders that expired unfunded or were cancelled (discarded drafts are not counted)',
        }),
        in_progress: z.number().int().meta({
          description:
            'Confirmed orders not finished yet (AWAITING_DEPOSIT, DEPOSIT_RECEIVED, PAYING_BENEFICIARY)',
        }),
      })
      .meta({ description: 'Confirmed orders created in the period, by outcome' }),
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummaryWire = z.input<typeof orderSummarySchema>;

export const statementQuery = exportPeriod(
  z.object({
    from: requiredTimestamp('Statement period start (inclusive)'),
    to: requiredTimestamp(`Statement period end (exclusive); at most ${MAX_EXPORT_DAYS} days after from`),
  }),
);

export const approvalPolicySchema = z
  .object({
    require_separate_confirmer: z.boolean(),
    threshold_usdt: usdtAmountSchema.nullable().meta({
      description:
        'Batches whose source_amount_total reaches this need a separate confirmer; null: every batch',
    }),
    withdrawals_require_approval: z.boolean().meta({
      description:
        'A new withdrawal waits (`SUBMITTED`/`pending_approval`, held, nothing sent) until a second signed-in approver approves it',
    }),
    wallets_require_approval: z.boolean().meta({
      description:
        'A new address-book wallet is `PENDING_APPROVAL` until a second signed-in approver approves it; its cooling-off starts then',
    }),
    updated_at: timestampSchema.nullable(),
  })
  .meta({ id: 'ApprovalPolicy' });

export const updateApprovalPolicyBody = z
  .strictObject({
    require_separate_confirmer: z.boolean().optional(),
    threshold_usdt: z
      .string()
      .regex(DECIMAL_STRING, 'must be a decimal string such as "10000.00"')
      .refine((value) => decimalPlaces(value) <= 6, 'must have at most 6 decimals')
      .refine((value) => /[1-9]/.test(value), 'must be greater than zero')
      .nullable()
      .optional(),
    withdrawals_require_approval: z.boolean().optional(),
    wallets_require_approval: z.boolean().optional(),
  })
  .meta({ id: 'ApprovalPolicyUpdate' });
