// Owns the event types of payout batches and orders (public: the Batch or Order as the API shows it), and the
// internal audit records of payouts (quote history with rates and margins, approval policy changes).
import { z } from 'zod';
import { fundingTransactionSchema } from '@/lib/funding/contract/schemas';
import { ORDER_STATUSES } from '@/lib/payouts/contract/enums';
import { approvalPolicySchema, batchSchema, orderSchema } from '@/lib/payouts/contract/schemas';
import { defineEvents, statusEvents } from '@/lib/platform/events/define';

/** Every order status after DRAFT has its event (`order.awaiting_deposit` … `order.cancelled_expired`). */
const ORDER_EVENT_STATUSES = ORDER_STATUSES.filter(
  (status): status is Exclude<(typeof ORDER_STATUSES)[number], 'DRAFT'> => status !== 'DRAFT',
);

const batchFinal = (status: string, happened: string) => ({
  resource: 'batch',
  visibility: 'public' as const,
  description: `Every order of the batch is finished: ${happened} (batch ${status}).`,
  data: batchSchema,
});

export const payoutEvents = {
  ...defineEvents({
    'batch.created': {
      resource: 'batch',
      visibility: 'public',
      description: 'A batch was created and quoted; it awaits confirmation.',
      data: batchSchema,
    },
    'batch.source_file_attached': {
      resource: 'batch',
      visibility: 'internal',
      description:
        'The CSV a draft batch was imported from was kept with it (audit record: who attached which file, by its digest).',
      data: z.object({
        file_id: z.string(),
        file_name: z.string(),
        size: z.number().int(),
        sha256: z.string(),
      }),
    },
    'batch.confirmed': {
      resource: 'batch',
      visibility: 'public',
      description: 'A batch was confirmed: its total is held and its orders await the deposit.',
      data: batchSchema,
    },
    'batch.review_outdated': {
      resource: 'batch',
      visibility: 'public',
      description:
        'A sender’s identity or a beneficiary’s identity or bank details changed while this draft pays them: its `review_digest` changed and `review_outdated_at` is set. Whoever reviewed the draft before must review it again; a confirm with the earlier digest is refused (409 `review_outdated`).',
      data: batchSchema,
    },
    'batch.completed': batchFinal('COMPLETED', 'all completed'),
    'batch.partially_completed': batchFinal(
      'PARTIALLY_COMPLETED',
      'some completed, others failed or were cancelled',
    ),
    'batch.failed': batchFinal('FAILED', 'none completed'),
    'batch.cancelled_expired': {
      resource: 'batch',
      visibility: 'public',
      description: 'A draft batch was discarded or expired unconfirmed (7 days); nothing was charged.',
      data: batchSchema,
    },
    'funding.held': {
      resource: 'ledger_transaction',
      visibility: 'public',
      description:
        "A confirmed batch's total moved from the available to the held balance (the movement as GET /funding/transactions shows it); recorded with batch.confirmed.",
      data: fundingTransactionSchema,
    },
    'funding.released': {
      resource: 'ledger_transaction',
      visibility: 'public',
      description:
        'Held or swept USDT came back to the available balance: an order expired, was cancelled or failed (the movement as GET /funding/transactions shows it).',
      data: fundingTransactionSchema,
    },
    'batch.requoted': {
      resource: 'batch',
      visibility: 'internal',
      description:
        'A draft was re-quoted; keeps the replaced quote snapshots (rates, margins, fee parts) for reconciliation.',
      data: z.object({ batch: batchSchema, previous_quotes: z.array(z.record(z.string(), z.unknown())) }),
    },
    'batch.approval_requested': {
      resource: 'batch',
      visibility: 'public',
      description:
        'Approval rules matched the batch when it went to approval (created, or re-quoted after a rejection): `approval` lists the stages and who may fill them.',
      data: batchSchema,
    },
    'batch.approval_recorded': {
      resource: 'batch',
      visibility: 'public',
      description:
        'Someone filled a slot of the batch’s approval (`approval.stages[].approvals`); the last one confirms the batch in the same transaction (`batch.confirmed` follows).',
      data: batchSchema,
    },
    'batch.approval_rejected': {
      resource: 'batch',
      visibility: 'public',
      description:
        'Someone rejected the batch’s approval with a reason (`approval.rejection`); it stays a draft until a maker re-quotes it (a fresh approval) or it expires.',
      data: batchSchema,
    },
    'approval_policy.updated': {
      resource: 'organization',
      visibility: 'public',
      description:
        'An admin changed the approval policy (a separate confirmer for batches, four eyes on withdrawals and new wallets). Public since 2.10.0, so no switch goes off unseen.',
      data: approvalPolicySchema,
    },
    'payout_account.created': {
      resource: 'payout_account',
      visibility: 'internal',
      description:
        "A support lead added a payout account the payouts desk pays from (its currency's active one).",
      data: z.object({ name: z.string(), currency: z.string(), bic: z.string() }),
    },
    'payment_file.built': {
      resource: 'payment_file',
      visibility: 'internal',
      description: 'Operations built a payment file (pain.001 or CSV) of orders to pay at the payouts desk.',
      data: z.object({
        format: z.string(),
        currency: z.string(),
        transaction_count: z.number(),
        sha256: z.string(),
      }),
    },
    'payment_file.sent': {
      resource: 'payment_file',
      visibility: 'internal',
      description: 'Operations marked a payment file sent to the bank: its orders are PAYING_BENEFICIARY.',
      data: z.object({ transaction_count: z.number(), sha256: z.string() }),
    },
    'payment_file.cancelled': {
      resource: 'payment_file',
      visibility: 'internal',
      description:
        'Operations cancelled a payment file before sending it: its orders may go into another file.',
      data: z.object({ transaction_count: z.number() }),
    },
    'payment_report.applied': {
      resource: 'payment_report',
      visibility: 'internal',
      description: "Operations applied the bank's report (pain.002, camt.054 or CSV) at the payouts desk.",
      data: z.object({
        format: z.string(),
        sha256: z.string(),
        applied: z.number(),
        recorded: z.number(),
        already_final: z.number(),
        unmatched: z.number(),
      }),
    },
  }),
  ...statusEvents('order', ORDER_EVENT_STATUSES, {
    visibility: 'public',
    data: orderSchema,
    describe: (status) => `An order moved to ${status}.`,
  }),
};
