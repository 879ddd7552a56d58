// Owns the wire shape of recording a withdrawal's execution from custody (operations, manual custody), apart from its
// declaration in execution-operations.ts so the console's form (execution-form-schemas.ts) can hold its fields to it
// without importing a declaration into the browser. Browser-safe.
import { z } from 'zod';

export const recordWithdrawalExecutionBody = z.object({
  transaction_hash: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a 32-byte transaction hash in hex (0x-prefixed on EVM chains)')
    .transform((value) => value.toLowerCase()),
  custody_reference: z.string().trim().min(1).max(100).optional().meta({
    description: "The custodian's own id for the transfer (default: derived from the withdrawal's id)",
  }),
});

/** Operations' decision on a withdrawal whose transfer on chain did not match (EVM custody: `needs_review`). */
export const reviewWithdrawalBody = z.object({
  outcome: z.enum(['completed', 'failed']).meta({
    description:
      '`completed`: the wallet did receive the amount (for example in more than one transaction): the held USDT is sent out on the ledger. `failed`: it did not; the hold is released to the available balance',
  }),
  reason: z.string().trim().min(3).max(500).meta({
    description: 'What operations found; on a failed withdrawal it is its `failure_reason`',
  }),
});
