// Owns the rule of every search box, loaded after the page (see lib/platform/browser/lazy-schema.ts): the text trimmed, at
// most 100 characters (what the list endpoints accept in `q`).
import { z } from 'zod';

export const search = z.object({ q: z.string().trim().max(100, 'At most 100 characters') });
