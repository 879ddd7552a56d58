// Owns the support.expire-views task: closes support views whose 30 minutes are up and records each expiry.
import { z } from 'zod';
import { db } from '@/db/client';
import { defineTask } from '@/lib/platform/jobs/define-task';
import { expireViews } from '@/lib/support/server/views';

export const expireSupportViewsTask = defineTask({
  name: 'support.expire-views',
  // Cron adds `_cron` metadata to the payload; nothing else is expected.
  payload: z.looseObject({}),
  async run(_payload, helpers) {
    // Access already stops at expiry (authentication compares expires_at); this writes the audit record promptly.
    const count = await expireViews(db());
    if (count > 0) helpers.logger.info(`expired ${count} support view(s)`);
  },
});
