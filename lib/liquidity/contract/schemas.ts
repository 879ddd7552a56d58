// Owns the wire shapes of liquidity: withdrawals, the address book, chains, corridors, loans, routes and proofs.
import { z } from 'zod';
import { actionsSchema, approvalSchema } from '@/lib/approvals/contract/schemas';
import { USDT_MAX_DECIMALS } from '@/lib/platform/money';
import { cursorPaginationQuery, optionalPaginationQuery, paginationQuery } from '@/lib/platform/pagination';
import { decimalInput, idSchema, timestampSchema, usdtAmountSchema } from '@/lib/platform/schemas/common';
import { CORRIDOR_STATUSES } from '@/lib/pricing/contract/enums';
import {
  LOAN_STATUSES,
  SETTLEMENT_ROUTE_STATUSES,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_SUB_STATUSES,
} from './enums';

const nullable = <T extends z.ZodType>(schema: T, description: string) =>
  schema.nullable().meta({ description });

/** An optional filter that must be one of `values` (422 naming it otherwise). */
const enumFilter = <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z
    .enum(values, { error: `must be one of ${values.join(', ')}` })
    .optional()
    .meta({ description });

const uuidFilter = (description: string) =>
  z.uuid({ error: 'must be a UUID' }).optional().meta({ description });

/** Who asked for or approved a withdrawal or a wallet; `user_id` is the person four eyes counts. */
export const liquidityActorSchema = z
  .object({
    type: z.enum(['user', 'api_key']),
    id: idSchema.meta({ description: 'The user id (type user) or API key id (type api_key)' }),
    name: z.string().meta({ description: 'The user’s name, or the API key’s name' }),
    user_id: idSchema.nullable().meta({
      description:
        'The person this counts as for four eyes: the user, or the user who created the API key (null: a key with no creator counts as its own person)',
    }),
  })
  .meta({ id: 'LiquidityActor' });

export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES).meta({
  id: 'WithdrawalStatus',
  description:
    'SUBMITTED: accepted, the amount is held. PROCESSING: at the custody provider (see sub_status). COMPLETED: final on chain; ' +
    '`transaction_hash` and `custody_transaction_id` are set and the amount has left the balance. FAILED: nothing was sent; ' +
    '`failure_reason` says why and the held amount is available again. COMPLETED and FAILED are final.',
});

export const withdrawalSubStatusSchema = z.enum(WITHDRAWAL_SUB_STATUSES).meta({
  id: 'WithdrawalSubStatus',
  description:
    'The step. SUBMITTED: `pending_approval` (the approval policy holds it for a second approver of the organization; ' +
    'nothing has gone to custody), `awaiting_approval` (waiting for the custody policy). PROCESSING: `signing`, ' +
    '`broadcasting` (sent to the chain), `confirming` (in a block, waiting for confirmations; `transaction_hash` is set; ' +
    'back to `broadcasting` when a reorganisation takes its block away, until the same transaction is mined again), ' +
    '`needs_review` (EVM custody: the transaction does not prove the withdrawal, or left the chain and was not mined ' +
    'again within the confirmation count; the amount stays held until operations settle it). ' +
    'COMPLETED: `confirmed`. FAILED: `rejected` (an approver of the organization rejected it, `failure_reason` ' +
    '"Rejected: …", or the custody policy refused it), `broadcast_failed` (the chain refused ' +
    'the transaction), `reverted` (mined but reverted; nothing was transferred).',
});

export const withdrawalSchema = z
  .object({
    id: idSchema,
    amount: usdtAmountSchema.meta({ description: 'USDT, 2 to 6 decimals' }),
    chain_id: idSchema,
    wallet_id: idSchema.meta({ description: 'The address-book wallet it was sent to' }),
    org_id: idSchema,
    org_name: z.string(),
    wallet_address: z.string().meta({ description: 'The address as it was when the withdrawal was made' }),
    transaction_hash: nullable(z.string(), 'Hash of the on-chain transaction; null until it is broadcast'),
    custody_transaction_id: nullable(
      z.string(),
      "The custody provider's identifier of the withdrawal; null until custody accepts it",
    ),
    status: withdrawalStatusSchema,
    sub_status: withdrawalSubStatusSchema,
    failure_reason: nullable(z.string(), 'Why it failed, safe to display; null unless status is FAILED'),
    withdrawal_request_id: idSchema.meta({ description: 'The request that created it (one per request)' }),
    requested_by: liquidityActorSchema.meta({ description: 'Who asked for it' }),
    approved_by: liquidityActorSchema
      .nullable()
      .meta({ description: 'Who gave its last required approval (approval rules); null otherwise' }),
    approval: approvalSchema.meta({
      description:
        'The approval rules that matched it when it was asked for: status, each stage with who approved, the rejection; `not_required` when none matched. Added in 2.10.0.',
    }),
    actions: actionsSchema,
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Withdrawal' });

export const withdrawalsQuery = cursorPaginationQuery.extend({
  status: enumFilter(WITHDRAWAL_STATUSES, 'Only withdrawals in this status'),
  chainId: uuidFilter('Only withdrawals on this chain (a chain id)'),
});

export const createWithdrawalBody = z
  .object({
    amount: decimalInput(
      USDT_MAX_DECIMALS,
      'USDT to withdraw (up to 6 decimals), at most the available balance',
    ),
    wallet_id: z
      .uuid({ error: 'must be a UUID' })
      .meta({ description: 'An address-book wallet whose cooling-off period has passed' }),
  })
  .strict()
  .meta({ id: 'CreateWithdrawalRequest' });

export const rejectWalletBody = z
  .strictObject({
    reason: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(500, 'is too long')
      .meta({ description: 'Why, kept in the wallet’s `approval.rejection`' }),
  })
  .meta({ id: 'RejectWalletRequest' });

export const rejectWithdrawalBody = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(500, 'is too long')
      .meta({ description: 'Why, shown in `failure_reason` as "Rejected: <reason>"' }),
  })
  .strict()
  .meta({ id: 'RejectWithdrawalRequest' });

export const withdrawalIdParams = z.object({ withdrawalId: idSchema });

export const walletSchema = z
  .object({
    id: idSchema,
    chain_id: idSchema,
    chain: z.string().meta({ description: 'Chain code', example: 'tron' }),
    address: z.string().meta({ description: 'Canonical form (EVM: EIP-55 checksum case)' }),
    label: z.string().nullable(),
    status: z.enum(['PENDING_APPROVAL', 'COOLING_OFF', 'ACTIVE', 'REMOVED']).meta({
      description:
        'PENDING_APPROVAL while it waits for a second approver (approval policy `wallets_require_approval`); ' +
        'COOLING_OFF until `usable_from` (withdrawals to it are refused), then ACTIVE; REMOVED once deleted from the book',
    }),
    usable_from: timestampSchema.meta({
      description:
        'When withdrawals to this address become possible; while PENDING_APPROVAL, an estimate (the cooling-off starts at approval)',
    }),
    removed_at: timestampSchema
      .nullable()
      .meta({ description: 'When it was removed; null while in the book' }),
    added_by: liquidityActorSchema
      .nullable()
      .meta({ description: 'Who added it; null for entries recorded before this was kept' }),
    approved_by: liquidityActorSchema
      .nullable()
      .meta({ description: 'Who gave its last required approval (approval rules); null otherwise' }),
    approval: approvalSchema.meta({
      description:
        'The approval rules that matched it when it was added: status, each stage with who approved; `not_required` when none matched. Added in 2.10.0.',
    }),
    actions: actionsSchema,
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Wallet' });

export const walletsQuery = paginationQuery.extend({
  chainId: uuidFilter('Only wallets on this chain'),
});

export const createWalletBody = z
  .object({
    chain_id: z.uuid({ error: 'must be a UUID' }).meta({ description: 'A chain id (see listChains)' }),
    address: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(128, 'is too long')
      .meta({ description: 'TRON: base58check `T…`; EVM: `0x…`, EIP-55 checksummed when mixed case' }),
    label: z.string().trim().min(1, 'must not be empty').max(100, 'is too long').optional(),
  })
  .strict()
  .meta({ id: 'CreateWalletRequest' });

export const walletIdParams = z.object({ walletId: idSchema });

export const chainSchema = z
  .object({
    id: idSchema,
    code: z.string().meta({ example: 'tron' }),
    name: z.string().meta({ example: 'TRON' }),
    native_token: z.string().meta({ example: 'TRX' }),
    token_standard: z
      .string()
      .meta({ description: 'Token standard of USDT on the chain', example: 'TRC-20' }),
    usdt_contract: z.string().meta({ description: 'Contract address of USDT on the chain' }),
    address_format: z.enum(['tron', 'evm']),
    status: z.enum(['ACTIVE', 'DISABLED']),
    min_withdrawal_amount: usdtAmountSchema.meta({
      description: 'The smallest withdrawal on this chain, in USDT (a smaller amount is refused)',
    }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Chain' });

export const corridorSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    currency: z.string().meta({ description: 'ISO 4217 currency code', example: 'EUR' }),
    status: z.enum(CORRIDOR_STATUSES),
    min_amount: z.number().meta({ description: 'Smallest beneficiary_amount, in the currency' }),
    max_amount: z.number().meta({ description: 'Largest beneficiary_amount, in the currency' }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Corridor' });

export const corridorsQuery = paginationQuery.extend({
  status: enumFilter(CORRIDOR_STATUSES, 'Only corridors in this status'),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
    .transform((value) => value.toUpperCase())
    .optional()
    .meta({ description: 'Only the corridor of this currency' }),
});

const amountString = z.string().meta({ description: 'Decimal string in the currency', example: '200000.00' });

export const loanSchema = z
  .object({
    id: idSchema,
    principal: amountString,
    currency: z.string(),
    interest_rate_percent: z.string().meta({ description: 'Annual rate in percent', example: '8.5' }),
    drawn_amount: amountString,
    repaid_amount: amountString.meta({ description: 'Sum of the repayments (principal and interest)' }),
    outstanding_amount: amountString.meta({ description: 'drawn_amount − repaid_amount, never below zero' }),
    status: z.enum(LOAN_STATUSES),
    starts_on: z.iso.date(),
    due_on: z.iso.date(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Loan' });

export const loansQuery = paginationQuery.extend({
  status: enumFilter(LOAN_STATUSES, 'Only loans in this status'),
});

export const loanRepaymentSchema = z
  .object({
    id: idSchema,
    loan_id: idSchema,
    amount: amountString,
    currency: z.string(),
    paid_at: timestampSchema,
    reference: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'LoanRepayment' });

export const loanRepaymentsQuery = paginationQuery.extend({
  loan_id: uuidFilter('Only repayments of this loan'),
});

export const settlementRouteSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    corridor_id: idSchema,
    currency: z.string().meta({ description: "The corridor's currency" }),
    chain_id: idSchema,
    chain: z.string().meta({ description: 'Chain code' }),
    counterparty: z.string(),
    status: z.enum(SETTLEMENT_ROUTE_STATUSES),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'SettlementRoute' });

export const routesQuery = paginationQuery.extend({
  corridor_id: uuidFilter('Only routes of this corridor'),
  status: enumFilter(SETTLEMENT_ROUTE_STATUSES, 'Only routes in this status'),
});

export const proofOfSettlementSchema = z
  .object({
    id: idSchema,
    route_id: idSchema,
    file_name: z.string(),
    mime_type: z.string().meta({ example: 'application/pdf' }),
    url: z.string().meta({
      description: 'Download of the file on this server; authenticate as for any /api/v2 call',
    }),
    file_size: z.number().int().meta({ description: 'Bytes' }),
    hash_sha256: z.string().meta({ description: 'Lower-case hex SHA-256 of the file' }),
    recorded_at: timestampSchema.meta({ description: 'When the settlement the document proves took place' }),
    batch_id: nullable(
      idSchema,
      'The payout batch whose settlement it proves (the batch links it); null when staff named none',
    ),
    transaction_hash: nullable(
      z.string(),
      'Hash of the on-chain settlement transaction; null when the settlement had none recorded',
    ),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'ProofOfSettlement' });

export const routeIdParams = z.object({ routeId: idSchema });
export const proofIdParams = z.object({ proofId: idSchema });
export const batchProofsParams = z.object({ batchId: idSchema });

export const utilizationProofSchema = z
  .object({
    id: idSchema,
    amount: z.number().meta({ description: 'Amount of liquidity used, in `currency`' }),
    currency: z.string(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'UtilizationProof' });

/** Optional: without `limit` and `page` the whole list is returned; with either, one page, still a bare array. */
export const utilizationProofsQuery = optionalPaginationQuery;

export type LiquidityActorWire = z.input<typeof liquidityActorSchema>;
export type WithdrawalWire = z.input<typeof withdrawalSchema>;
export type WalletWire = z.input<typeof walletSchema>;
export type ChainWire = z.input<typeof chainSchema>;
export type CorridorWire = z.input<typeof corridorSchema>;
export type LoanWire = z.input<typeof loanSchema>;
export type LoanRepaymentWire = z.input<typeof loanRepaymentSchema>;
export type SettlementRouteWire = z.input<typeof settlementRouteSchema>;
export type ProofOfSettlementWire = z.input<typeof proofOfSettlementSchema>;
export type UtilizationProofWire = z.input<typeof utilizationProofSchema>;
