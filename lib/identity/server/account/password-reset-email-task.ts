// Owns the account.password-reset-email task: the lookup and the email behind a reset request, off the request's
// path so its answer takes the same time whether or not the address has an account.
import { z } from 'zod';
import { db } from '@/db/client';
import {
  PASSWORD_RESET_EMAIL_TASK,
  sendPasswordResetLink,
} from '@/lib/identity/server/account/password-changes';
import { defineTask } from '@/lib/platform/jobs/define-task';

export const passwordResetEmailTask = defineTask({
  name: PASSWORD_RESET_EMAIL_TASK,
  payload: z.object({ email: z.string().max(320), request_id: z.string().nullable().default(null) }),
  async run(payload) {
    await sendPasswordResetLink(db(), { email: payload.email, requestId: payload.request_id ?? undefined });
  },
});
