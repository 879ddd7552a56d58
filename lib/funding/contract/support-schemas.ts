// Owns the wire shapes of custody run by operations (CUSTODY_ADAPTER=manual): deposit addresses they enter and
// deposits one person records and another confirms. Browser-safe.
import { z } from 'zod';
import { CHAIN_ALERT_KINDS } from '@/lib/funding/contract/enums';
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
    message: z.string(),
    resolved_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'ChainAlert' });

export const chainAlertListSchema = z.object({ data: z.array(chainAlertSchema) });
