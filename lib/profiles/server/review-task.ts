// Owns the profiles.review task: decides a submitted sender or beneficiary through the kyc adapter, seconds after submit.
import { z } from 'zod';
import { db } from '@/db/client';
import { defineTask } from '@/lib/platform/jobs/define-task';
import { reviewProfile } from '@/lib/profiles/server/review';

export const reviewProfileTask = defineTask({
  name: 'profiles.review',
  payload: z.object({ kind: z.enum(['sender', 'beneficiary']), profile_id: z.uuid() }),
  async run(payload, helpers) {
    const outcome = await reviewProfile(db(), payload.kind, payload.profile_id);
    helpers.logger.info(`${payload.kind} ${payload.profile_id}: ${outcome.status}`);
  },
});
