// Owns the liquidity.withdrawal-step task: one automatic custody step of a sandbox withdrawal, then the next is scheduled.
import { z } from 'zod';
import { db } from '@/db/client';
import { WITHDRAWAL_SUB_STATUSES } from '@/db/schema/liquidity';
import { defineTask } from '@/lib/platform/jobs/define-task';
import { stepWithdrawal } from './withdrawal-progress';

export const withdrawalStepTask = defineTask({
  name: 'liquidity.withdrawal-step',
  payload: z.object({
    withdrawalId: z.uuid(),
    orgId: z.uuid(),
    /** The step it was scheduled from: if a manual advance moved it meanwhile, this job does nothing. */
    from: z.enum(WITHDRAWAL_SUB_STATUSES as [string, ...string[]]),
  }),
  async run(payload) {
    await stepWithdrawal(db(), {
      orgId: payload.orgId,
      withdrawalId: payload.withdrawalId,
      expectedSubStatus: payload.from as (typeof WITHDRAWAL_SUB_STATUSES)[number],
    });
  },
});
