// Owns the rule of a download period, loaded after the page (see lib/platform/browser/lazy-schema.ts): both days chosen, the
// last not before the first.
import { z } from 'zod';

export const period = z
  .object({
    fromDay: z.string().min(1, 'Choose the first day'),
    toDay: z.string().min(1, 'Choose the last day'),
  })
  .refine((value) => value.fromDay <= value.toDay, {
    path: ['toDay'],
    message: 'The last day is before the first',
  });
