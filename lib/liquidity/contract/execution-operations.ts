// Owns the declarations of withdrawal execution by the provider's operations (CUSTODY_ADAPTER=manual): the approved
// withdrawals waiting to be sent from custody, and recording a sent one's transaction hash.
import { z } from 'zod';
import { defineOperation } from '@/lib/platform/operations/operation';
import { idSchema, timestampSchema, usdtAmountSchema } from '@/lib/platform/schemas/common';
import { recordWithdrawalExecutionBody } from './execution-schemas';
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
  tags: ['Operations desk'],
  audience: 'staff',
  staffRoles: ['operations'],
  response: { status: 200, description: 'The withdrawals (at most 500)', schema: awaitingExecutionSchema },
});

export const recordWithdrawalExecutionOperation = defineOperation({
  id: 'recordWithdrawalExecution',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/withdrawals/{withdrawalId}/execution',
  summary: "Record a withdrawal's execution from custody: its transaction hash (operations, manual custody)",
  description:
    'For an approved withdrawal (`SUBMITTED`/`awaiting_approval`): runs its lifecycle to completion — `PROCESSING` (`confirming`, with the hash) then `COMPLETED` (`confirmed`), the held USDT sent out on the ledger, `withdrawal.processing` and `withdrawal.completed` events — naming the staff member. Any other state, or custody that executes withdrawals itself, is refused (409 `invalid_state`).',
  tags: ['Operations desk'],
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  params: z.object({ orgId: idSchema, withdrawalId: idSchema }),
  body: recordWithdrawalExecutionBody,
  errors: ['forbidden', 'invalid_state'],
  response: { status: 200, description: 'The completed withdrawal', schema: withdrawalSchema },
});

export const withdrawalExecutionOperations = [
  listWithdrawalsAwaitingExecutionOperation,
  recordWithdrawalExecutionOperation,
];
