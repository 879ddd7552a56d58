// Owns the wire shapes of the support console's email problems: outbox messages that failed or whose fate is unknown,
// without their bodies, and the two ways staff close one (send again, or mark resolved).
import { z } from 'zod';
import { EMAIL_KINDS, EMAIL_RESOLUTIONS } from '@/lib/platform/enums';
import { paginationQuery } from '@/lib/platform/pagination';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';

export const EMAIL_PROBLEM_STATES = ['failed', 'unknown'] as const;

export const emailProblemsQuery = paginationQuery.extend({
  state: z
    .enum(EMAIL_PROBLEM_STATES, { error: 'must be failed or unknown' })
    .optional()
    .meta({ description: 'Only failed or only unknown messages (default both)' }),
});

export const emailProblemSchema = z
  .object({
    id: idSchema,
    org_id: idSchema
      .nullable()
      .meta({ description: 'The organization it concerns; null for a password reset' }),
    org_name: z.string().nullable(),
    to: z.string(),
    kind: z.enum(EMAIL_KINDS),
    subject: z.string(),
    state: z.enum(EMAIL_PROBLEM_STATES).meta({
      description:
        '`failed`: the server refused it for good, or kept refusing it for now until the attempts ran out. `unknown`: the connection was lost after the message was handed over (or the worker stopped mid-send), so it may have arrived; never retried automatically.',
    }),
    attempts: z.number().int(),
    last_error: z
      .string()
      .nullable()
      .meta({ description: "The server's or the network's last words, never a credential" }),
    can_resend: z.boolean().meta({
      description:
        'Whether its body is kept, so staff may send a fresh copy; when false the sender must trigger it again (invite again, request a new reset link)',
    }),
    resolution: z.enum(EMAIL_RESOLUTIONS).nullable().meta({
      description:
        'How staff closed it (`resent` as a fresh copy, or `resolved`); null while it waits for them',
    }),
    resolved_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    last_attempt_at: timestampSchema.nullable(),
  })
  .meta({ id: 'SupportEmailProblem' });

export const emailProblemParams = z.object({ emailId: idSchema });

export const resolveEmailBody = z.object({
  note: z
    .string({ error: 'is required: say how it was resolved (at least 3 characters)' })
    .trim()
    .min(3, 'say how it was resolved (at least 3 characters)')
    .max(500)
    .meta({
      description: 'How it was resolved (the recipient confirmed receipt, the address was wrong…), audited',
    }),
});

export const resendEmailResultSchema = z
  .object({
    email: emailProblemSchema,
    resent_as: idSchema.meta({ description: 'The fresh copy, queued for delivery' }),
  })
  .meta({ id: 'SupportEmailResend' });
