// Owns the payouts background tasks: the sandbox's automatic lifecycle step, a batch's funding deadline, and the
// expiry sweep (funding deadlines and drafts past their validity) that runs every minute.
import { z } from 'zod';
import { db } from '@/db/client';
import { expireFunding, runSandboxStep, sweepExpired } from '@/lib/payouts/lifecycle';
import { defineTask } from '../define-task';

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

export const payoutsSweepExpiredTask = defineTask({
  name: 'payouts.sweep-expired',
  // Cron adds `_cron` metadata to the payload.
  payload: z.looseObject({}),
  async run(_payload, helpers) {
    const moved = await sweepExpired(db());
    if (moved > 0) helpers.logger.info(`expired ${moved} order(s)`);
  },
});
