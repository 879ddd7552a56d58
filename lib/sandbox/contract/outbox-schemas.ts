// Owns the wire shape of the sandbox email outbox.
import { z } from 'zod';
import { EMAIL_KINDS } from '@/lib/platform/enums';
import { timestampSchema } from '@/lib/platform/schemas/common';

export const outboxMessageSchema = z
  .object({
    id: z.string(),
    kind: z
      .enum(EMAIL_KINDS)
      .meta({ description: '`staff_invitation` added in 2.8.0 (a staff account set up for you)' }),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    links: z.array(z.string()),
    created_at: timestampSchema,
  })
  .meta({ id: 'OutboxMessage' });

export const outboxSchema = z.object({ items: z.array(outboxMessageSchema) }).meta({ id: 'Outbox' });
