// Owns the payouts background tasks: the sandbox's automatic lifecycle step, funding from custody that funds at once,
// and a batch's funding deadline (the expiry sweep in lib/platform/sweeps catches everything else every minute).
import { z } from 'zod';
import { db } from '@/db/client';
import { expireFunding, fundFromCustody, runSandboxStep } from '@/lib/payouts/server/lifecycle';
import { defineTask } from '@/lib/platform/jobs/define-task';

const batchPayload = z.object({ orgId: z.uuid(), batchId: z.uuid() });

export const payoutsSandboxStepTask = defineTask({
  name: 'payouts.sandbox-step',
  payload: batchPayload,
  async run(payload) {
    await runSandboxStep(payload.orgId, payload.batchId);
  },
});

export const payoutsExpireFundingTask = defineTask({
  name: 'payouts.expire-funding',
  payload: batchPayload,
  async run(payload) {
    await expireFunding(db(), payload.orgId, [payload.batchId]);
  },
});

export const payoutsFundFromCustodyTask = defineTask({
  name: 'payouts.fund-from-custody',
  payload: batchPayload,
  async run(payload) {
    await fundFromCustody(payload.orgId, payload.batchId);
  },
});
