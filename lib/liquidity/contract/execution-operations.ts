// Owns the declarations of withdrawal execution by the provider's operations (CUSTODY_ADAPTER=manual): the approved
// withdrawals waiting to be sent from custody, and recording a sent one's transaction hash.
import { z } from 'zod';
import { defineOperation } from '@/lib/platform/operations/operation';
import { idSchema, timestampSchema, usdtAmountSchema } from '@/lib/platform/schemas/common';
import { recordWithdrawalExecutionBody, reviewWithdrawalBody } from './execution-schemas';
import { withdrawalSchema } from './schemas';

const awaitingExecutionSchema = z.object({
  data: z.array(
    z.object({
      id: idSchema,
      org_id: idSchema,
      org_name: z.string(),
      chain: z.string(),
      amount: usdtAmountSchema,
      wallet_address: z.string(),
      created_at: timestampSchema,
    }),
  ),
});

export const listWithdrawalsAwaitingExecutionOperation = defineOperation({
  id: 'listWithdrawalsAwaitingExecution',
  method: 'GET',
  path: '/api/v2/support/withdrawals/awaiting-execution',
  summary: 'Approved withdrawals waiting to be sent from custody, oldest first (operations, manual custody)',
  tags: ['Custody'],
  audience: 'staff',
  staffRoles: ['operations'],
  response: { status: 200, description: 'The withdrawals (at most 500)', schema: awaitingExecutionSchema },
});

const needsReviewSchema = z.object({
  data: z.array(
    z.object({
      id: idSchema,
      org_id: idSchema,
      org_name: z.string(),
      chain: z.string(),
      amount: usdtAmountSchema.meta({ description: 'What the wallet should have received' }),
      wallet_address: z.string().meta({ description: 'The recipient the transaction should have paid' }),
      transaction_hash: z.string().nullable().meta({ description: 'The transaction operations recorded' }),
      created_at: timestampSchema,
      updated_at: timestampSchema.meta({ description: 'When it was flagged for review' }),
    }),
  ),
});

export const listWithdrawalsNeedingReviewOperation = defineOperation({
  id: 'listWithdrawalsNeedingReview',
  method: 'GET',
  path: '/api/v2/support/withdrawals/needs-review',
  summary: 'Withdrawals whose transaction the chain did not prove, oldest first (operations, EVM custody)',
  description:
    "Every organization's withdrawals in `PROCESSING`/`needs_review`: what should have been sent (amount, wallet address) and the transaction recorded; what the chain showed instead is the `withdrawal_mismatch` alert's message (`GET /support/chain-alerts`). Settled with `POST …/withdrawals/{withdrawalId}/review`. Empty with other custody.",
  tags: ['Custody'],
  audience: 'staff',
  staffRoles: ['operations'],
  response: { status: 200, description: 'The withdrawals (at most 500)', schema: needsReviewSchema },
});

export const recordWithdrawalExecutionOperation = defineOperation({
  id: 'recordWithdrawalExecution',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/withdrawals/{withdrawalId}/execution',
  summary: "Record a withdrawal's execution from custody: its transaction hash (operations, manual custody)",
  description:
    'For an approved withdrawal (`SUBMITTED`/`awaiting_approval`): runs its lifecycle to completion — `PROCESSING` (`confirming`, with the hash) then `COMPLETED` (`confirmed`), the held USDT sent out on the ledger, `withdrawal.processing` and `withdrawal.completed` events — naming the staff member. With `CUSTODY_ADAPTER=evm` it becomes `PROCESSING` (`broadcasting`) only: the chain watcher moves it to `confirming` and completes it at the confirmations, or leaves it `needs_review` when the transaction does not pay the wallet the amount. Any other state, or custody that executes withdrawals itself, is refused (409 `invalid_state`).',
  tags: ['Custody'],
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  params: z.object({ orgId: idSchema, withdrawalId: idSchema }),
  body: recordWithdrawalExecutionBody,
  errors: ['forbidden', 'invalid_state'],
  response: { status: 200, description: 'The completed withdrawal', schema: withdrawalSchema },
});

export const reviewWithdrawalOperation = defineOperation({
  id: 'reviewWithdrawal',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/withdrawals/{withdrawalId}/review',
  summary: 'Settle a withdrawal that needs review: completed or failed (operations, EVM custody)',
  description:
    'For a withdrawal in `PROCESSING`/`needs_review` (its recorded transaction failed or did not pay the wallet the amount): `completed` sends the held USDT out (`COMPLETED`/`confirmed`, `withdrawal.completed`), `failed` releases it (`FAILED`/`reverted` with the reason as `failure_reason`, `withdrawal.failed`). Audited with the staff member; the alert is marked resolved. Any other state is refused (409 `invalid_state`).',
  tags: ['Custody'],
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  params: z.object({ orgId: idSchema, withdrawalId: idSchema }),
  body: reviewWithdrawalBody,
  errors: ['forbidden', 'invalid_state'],
  response: { status: 200, description: 'The settled withdrawal', schema: withdrawalSchema },
});

export const withdrawalExecutionOperations = [
  listWithdrawalsAwaitingExecutionOperation,
  listWithdrawalsNeedingReviewOperation,
  recordWithdrawalExecutionOperation,
  reviewWithdrawalOperation,
];
