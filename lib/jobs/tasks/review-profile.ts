// Owns the profiles.review task: decides a submitted sender or beneficiary through the kyc adapter, seconds after submit.
import { z } from 'zod';
import { db } from '@/db/client';
import { reviewProfile } from '@/lib/profiles/review';
import { defineTask } from '../../platform/jobs/define-task';

export const reviewProfileTask = defineTask({
  name: 'profiles.review',
  payload: z.object({ kind: z.enum(['sender', 'beneficiary']), profile_id: z.uuid() }),
  async run(payload, helpers) {
    const outcome = await reviewProfile(db(), payload.kind, payload.profile_id);
    helpers.logger.info(`${payload.kind} ${payload.profile_id}: ${outcome.status}`);
  },
});
