// Owns the wire shapes of custody run by operations (CUSTODY_ADAPTER=manual): deposit addresses they enter and
// deposits one person records and another confirms. Browser-safe.
import { z } from 'zod';
import {
  CHAIN_ALERT_KINDS,
  CHAIN_ALERT_RESOLUTIONS,
  VANISHED_DEPOSIT_OUTCOMES,
} from '@/lib/funding/contract/enums';
import { USDT_MAX_DECIMALS } from '@/lib/platform/money';
import { decimalInput, idSchema, timestampSchema, usdtAmountSchema } from '@/lib/platform/schemas/common';

const chainCode = z.string().trim().min(1).max(40).meta({ description: 'Chain code', example: 'tron' });

export const depositAddressParams = z.object({ orgId: idSchema, chain: chainCode });

export const enterDepositAddressBody = z.object({
  address: z.string().trim().min(1).max(100).meta({
    description: "The address in the chain's format (TRON base58check, EVM hex with its EIP-55 checksum)",
  }),
});

export const MANUAL_DEPOSIT_STATUS_VALUES = ['recorded', 'confirmed', 'rejected'] as const;

export const manualDepositSchema = z
  .object({
    id: idSchema,
    org_id: idSchema,
    org_name: z.string(),
    chain: z.string(),
    amount: usdtAmountSchema,
    transaction_hash: z.string(),
    status: z.enum(MANUAL_DEPOSIT_STATUS_VALUES).meta({
      description:
        '`recorded` waits for a second person; `confirmed` was credited (`deposit_id`); `rejected` was not',
    }),
    recorded_by_user_id: idSchema,
    decided_by_user_id: idSchema.nullable(),
    decided_at: timestampSchema.nullable(),
    rejection_reason: z.string().nullable(),
    deposit_id: idSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'ManualDeposit' });
export type ManualDepositWire = z.input<typeof manualDepositSchema>;

export const manualDepositListSchema = z.object({ data: z.array(manualDepositSchema) });

export const manualDepositListQuery = z.object({
  status: z.enum(MANUAL_DEPOSIT_STATUS_VALUES).optional(),
});

export const recordManualDepositBody = z.object({
  org_id: idSchema,
  chain: chainCode,
  amount: decimalInput(USDT_MAX_DECIMALS, 'USDT received (up to 6 decimals)'),
  transaction_hash: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a 32-byte transaction hash in hex (0x-prefixed on EVM chains)')
    .transform((value) => value.toLowerCase()),
});

export const manualDepositParams = z.object({ depositId: idSchema });

export const rejectManualDepositBody = z.object({ reason: z.string().trim().min(1).max(500) });

export const depositAddressSchema = z
  .object({
    org_id: idSchema,
    chain: z.string(),
    address: z.string(),
    created_at: timestampSchema,
  })
  .meta({ id: 'DepositAddress' });

/** What the chain watcher could not settle alone (CUSTODY_ADAPTER=evm), for operations. */
export const chainAlertSchema = z
  .object({
    id: idSchema,
    kind: z.enum(CHAIN_ALERT_KINDS).meta({
      description:
        '`credited_deposit_vanished`: a credited deposit is no longer on chain after a reorganisation (its credit stands); `withdrawal_mismatch`: the transaction recorded for a withdrawal failed or did not pay the wallet the amount (it is `needs_review`)',
    }),
    chain: z.string(),
    org_id: idSchema.nullable(),
    subject_id: idSchema.meta({ description: 'The chain deposit or the withdrawal' }),
    org_name: z.string().nullable().meta({ description: 'The organization concerned, when one is' }),
    message: z.string(),
    deposit: z
      .object({
        transaction_hash: z.string(),
        log_index: z.number().int(),
        block_number: z.number().int(),
        amount: usdtAmountSchema,
        credited_at: timestampSchema.nullable(),
        vanished_at: timestampSchema.nullable().meta({
          description: 'When the watcher found it gone; null again once it was reinstated',
        }),
      })
      .nullable()
      .meta({ description: 'On `credited_deposit_vanished`: the chain deposit concerned' }),
    resolved_at: timestampSchema.nullable(),
    resolution: z.enum(CHAIN_ALERT_RESOLUTIONS).nullable().meta({
      description:
        "How operations settled it: `reinstated` (the transaction is on chain again with its confirmations) or `written_off` (the provider bears it; the credit stands) for a vanished deposit; `withdrawal_completed` or `withdrawal_failed` by the withdrawal's review. Null while open (and on alerts settled before 2.11.0)",
    }),
    resolution_note: z
      .string()
      .nullable()
      .meta({ description: 'Why, in the words of the person who settled it' }),
    resolved_by_user_id: idSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'ChainAlert' });
export type ChainAlertWire = z.input<typeof chainAlertSchema>;

export const chainAlertListSchema = z.object({ data: z.array(chainAlertSchema) });

export const CHAIN_ALERT_STATUS_VALUES = ['open', 'resolved'] as const;

export const chainAlertListQuery = z.object({
  status: z.enum(CHAIN_ALERT_STATUS_VALUES).optional().meta({
    description: '`open` (not settled yet) or `resolved`; every alert when absent',
  }),
});

export const chainAlertParams = z.object({ alertId: idSchema });

/** Operations' decision on a credited deposit that vanished in a reorganisation (decision 0325). */
export const resolveChainAlertBody = z.object({
  outcome: z.enum(VANISHED_DEPOSIT_OUTCOMES).meta({
    description:
      '`reinstated`: the transaction is on chain again, paying the same address the same amount, with its confirmations (the server checks the node and refuses otherwise); the credit stands on its new block. `written_off`: it is gone for good and the provider bears it; the credit stands, nothing moves on the ledger',
  }),
  note: z.string().trim().min(3).max(1000).meta({
    description: 'What operations found and decided, kept with the alert and in the audit log',
  }),
});
