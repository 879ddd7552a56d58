// Owns the rules of the settings forms, loaded after the page (see lib/platform/browser/lazy-schema.ts). They catch what a
// person can see for themselves; the API's answer (a duplicate name, a key that is not P-256) lands on the same field.
import { z } from 'zod';

export const createApiKey = z
  .object({
    name: z.string().trim().min(1, 'Name the key'),
    role: z.enum(['member', 'approver']),
    rate_limit_per_minute: z
      .string()
      .regex(/^\d+$/, 'A whole number of requests')
      .refine((value) => Number(value) >= 1 && Number(value) <= 100_000, 'Between 1 and 100,000'),
    source: z.enum(['generate', 'upload']),
    public_key: z.string(),
  })
  .refine((values) => values.source === 'generate' || values.public_key.trim() !== '', {
    path: ['public_key'],
    message: 'Paste the public key',
  });

export const invitation = z.object({
  email: z.string().trim().min(1, 'Enter their email address'),
  role: z.enum(['member', 'approver', 'admin']),
});
