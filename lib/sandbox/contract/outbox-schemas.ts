// Owns the wire shape of the sandbox email outbox.
import { z } from 'zod';
import { timestampSchema } from '@/lib/platform/schemas/common';

export const outboxMessageSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['invitation', 'password_reset', 'notice']),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    links: z.array(z.string()),
    created_at: timestampSchema,
  })
  .meta({ id: 'OutboxMessage' });

export const outboxSchema = z.object({ items: z.array(outboxMessageSchema) }).meta({ id: 'Outbox' });
