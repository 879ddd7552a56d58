// Owns the rule of the CSV import's batch reference, loaded after the page (see lib/platform/browser/lazy-schema.ts): the same
// limit as the API's createBatch `client_reference`.
import { z } from 'zod';

export const draftReference = z.object({
  client_reference: z.string().trim().max(140, 'At most 140 characters'),
});
