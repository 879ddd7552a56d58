// Owns the wire shapes of funding: addresses, balance, ledger movements and (sandbox) deposits.
import { z } from 'zod';
import { CHAIN_DEPOSIT_STATUSES } from '@/lib/funding/contract/enums';
import { LEDGER_TRANSACTION_TYPES } from '@/lib/ledger/contract/enums';
import { DECIMAL_STRING, dec, USDT_MAX_DECIMALS } from '@/lib/platform/money';
import { cursorPaginationQuery } from '@/lib/platform/pagination';
import {
  decimalInput,
  idSchema,
  signedUsdtAmountSchema,
  timestampFilter,
  timestampSchema,
  usdtAmountSchema,
} from '@/lib/platform/schemas/common';

export const fundingAddressSchema = z
  .object({
    id: idSchema,
    chain_id: idSchema,
    chain: z.string().meta({ description: 'Chain code', example: 'tron' }),
    chain_name: z.string().meta({ example: 'TRON' }),
    token_standard: z.string().meta({ example: 'TRC-20' }),
    currency: z.literal('USDT'),
    address: z.string().meta({ description: 'Send USDT on this chain to this address to fund the balance' }),
    created_at: timestampSchema,
  })
  .meta({ id: 'FundingAddress' });

/** A chain whose address for the organization is not made yet (EVM custody switched on after it was opened). */
export const preparingFundingAddressSchema = z
  .object({
    chain_id: idSchema,
    chain: z.string().meta({ description: 'Chain code', example: 'ethereum' }),
    chain_name: z.string().meta({ example: 'Ethereum' }),
    token_standard: z.string().meta({ example: 'ERC-20' }),
    currency: z.literal('USDT'),
  })
  .meta({ id: 'PreparingFundingAddress' });

export const fundingAddressListSchema = z
  .object({
    items: z.array(fundingAddressSchema),
    preparing: z.array(preparingFundingAddressSchema).meta({
      description:
        "Chains on which the organization's address is being prepared: with EVM custody switched on after the organization was opened, its address is derived by a background job within moments. Empty otherwise; such a chain appears in `items` once ready. Added in 2.11.0.",
    }),
  })
  .meta({ id: 'FundingAddressList' });

export const balanceSchema = z
  .object({
    currency: z.literal('USDT'),
    available: usdtAmountSchema.meta({
      description: 'Spendable now: confirming batches and withdrawals draw on it',
    }),
    held: usdtAmountSchema.meta({ description: 'Reserved for confirmed batches and pending withdrawals' }),
    total: usdtAmountSchema.meta({ description: 'available + held' }),
  })
  .meta({ id: 'FundingBalance' });

export const fundingTransactionTypeSchema = z
  .enum(LEDGER_TRANSACTION_TYPES)
  .meta({ id: 'FundingTransactionType' });

export const fundingTransactionSchema = z
  .object({
    id: idSchema,
    type: fundingTransactionTypeSchema,
    description: z.string(),
    amount: usdtAmountSchema.meta({ description: 'Size of the movement' }),
    available_change: signedUsdtAmountSchema.meta({ description: 'Effect on the available balance' }),
    held_change: signedUsdtAmountSchema.meta({ description: 'Effect on the held balance' }),
    reference_type: z
      .string()
      .nullable()
      .meta({ description: 'What caused it: deposit, batch, order, withdrawal' }),
    reference_id: idSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'FundingTransaction' });

export const fundingTransactionsQuery = cursorPaginationQuery.extend({
  type: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const types = value.split(',');
      const unknown = types.filter((t) => !(LEDGER_TRANSACTION_TYPES as readonly string[]).includes(t));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `must be one of ${LEDGER_TRANSACTION_TYPES.join(', ')}` });
        return z.NEVER;
      }
      return types as (typeof LEDGER_TRANSACTION_TYPES)[number][];
    })
    .meta({
      description: 'Only these movement types (comma-separated)',
      example: ['deposit', 'batch_hold'],
      // On the wire a comma-separated list (`type=deposit,batch_hold`) of these values.
      type: 'array',
      items: { type: 'string', enum: [...LEDGER_TRANSACTION_TYPES] },
      minItems: 1,
      param: { style: 'form', explode: false },
    } as Record<string, unknown>),
  created_from: timestampFilter('Only movements at or after this time'),
  created_to: timestampFilter('Only movements before this time'),
});

export const depositSchema = z
  .object({
    id: idSchema,
    amount: usdtAmountSchema,
    currency: z.literal('USDT'),
    chain_id: idSchema,
    chain: z.string(),
    address: z.string(),
    transaction_hash: z.string(),
    status: z.enum(['credited']),
    created_at: timestampSchema,
  })
  .meta({ id: 'Deposit' });

/** Largest single simulated deposit, so a typo cannot create an absurd sandbox balance. */
export const MAX_SANDBOX_DEPOSIT = '1000000';

export const createSandboxDepositBody = z
  .object({
    amount: decimalInput(
      USDT_MAX_DECIMALS,
      'USDT to deposit (up to 6 decimals, at most 1,000,000 per deposit)',
    ).refine(
      // zod runs this even when the format check failed; only a decimal string can be compared.
      (value) => !DECIMAL_STRING.test(value) || dec(value).lte(MAX_SANDBOX_DEPOSIT),
      'must be at most 1000000',
    ),
    chain: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'Chain code of the funding address (default tron)' }),
  })
  .strict()
  .meta({ id: 'CreateSandboxDepositRequest' });

export type FundingTransactionWire = z.input<typeof fundingTransactionSchema>;
export type DepositWire = z.input<typeof depositSchema>;

/** A transfer to the organization's funding address seen on chain (CUSTODY_ADAPTER=evm). */
export const chainDepositSchema = z
  .object({
    id: idSchema,
    status: z.enum(CHAIN_DEPOSIT_STATUSES).meta({
      description:
        '`pending`: in a block, gathering confirmations; `credited`: added to the available balance (once, at `required_confirmations`); `reorged`: the block that held it was replaced before it was credited, nothing was credited',
    }),
    amount: usdtAmountSchema.meta({
      description: 'USDT credited (or to be credited): the transferred amount rounded down to 6 decimals',
    }),
    currency: z.literal('USDT'),
    raw_amount: z.string().regex(/^\d+$/).meta({
      description: "The amount in the token's smallest unit, as the chain recorded it",
      example: '250000000',
    }),
    token_decimals: z.number().int().meta({ example: 6 }),
    chain_id: idSchema,
    chain: z.string().meta({ description: 'Chain code', example: 'ethereum' }),
    address: z.string().meta({ description: 'The funding address it was sent to' }),
    from_address: z.string(),
    transaction_hash: z.string(),
    log_index: z.number().int().meta({ description: "The transfer's position among the transaction's logs" }),
    block_number: z.number().int(),
    confirmations: z
      .number()
      .int()
      .meta({ description: 'Blocks so far, its own included (at most `required_confirmations`)' }),
    required_confirmations: z.number().int(),
    deposit_id: idSchema
      .nullable()
      .meta({ description: 'The credited deposit (`funding.deposit_credited`), once credited' }),
    detected_at: timestampSchema,
    credited_at: timestampSchema.nullable(),
    reorged_at: timestampSchema.nullable(),
  })
  .meta({ id: 'ChainDeposit' });

export type ChainDepositWire = z.input<typeof chainDepositSchema>;

export const chainDepositsQuery = cursorPaginationQuery.extend({
  status: z.enum(CHAIN_DEPOSIT_STATUSES).optional().meta({ description: 'Only deposits in this status' }),
});

export const balanceHistoryQuery = z.object({
  days: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .optional()
    .transform((value) => (value === undefined ? 30 : Number(value)))
    .pipe(z.number().int().min(1, 'must be between 1 and 90').max(90, 'must be between 1 and 90'))
    .meta({
      description: 'Number of UTC days ending today, 1 to 90 (default 30)',
      // The string is parsed into this integer; say so rather than "string".
      type: 'integer',
      minimum: 1,
      maximum: 90,
      default: 30,
      param: { required: false },
    } as Record<string, unknown>),
});

export const balanceHistorySchema = z
  .object({
    currency: z.literal('USDT'),
    items: z.array(
      z.object({
        date: z.string().meta({ description: 'UTC calendar day', example: '2026-11-23' }),
        available: usdtAmountSchema.meta({ description: 'Available balance at the end of the day' }),
        held: usdtAmountSchema.meta({ description: 'Held balance at the end of the day' }),
      }),
    ),
  })
  .meta({ id: 'FundingBalanceHistory' });

export type BalanceHistoryWire = z.input<typeof balanceHistorySchema>;
