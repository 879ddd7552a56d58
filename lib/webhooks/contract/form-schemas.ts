// Owns the rules of the add-endpoint form, loaded after the page (see lib/platform/browser/lazy-schema.ts); the API checks the
// URL itself (https, not a private address).
import { z } from 'zod';

export const endpoint = z
  .object({
    url: z.string().trim().min(1, 'Enter the URL that receives the events'),
    description: z.string().trim(),
    all: z.boolean(),
    event_types: z.array(z.string()),
  })
  .refine((values) => values.all || values.event_types.length > 0, {
    path: ['event_types'],
    message: 'Choose at least one event type, or all events',
  });
