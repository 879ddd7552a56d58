// Owns loading a form's zod schema after the page rather than with it, so forms validate on the API's own schemas
// without zod counting against the page's first-load budget.
import type { z } from 'zod';

/**
 * A schema imported on first use rather than with the page: zod and the API's rules are the heaviest part of a
 * form, and the page can show before they arrive. Call the loader once the form mounts so they are there by the
 * first keystroke; a failed import is tried again on the next call.
 */
/**
 * Zod in the page, told not to compile parsers with `new Function`: the pages' Content-Security-Policy forbids eval,
 * and zod's probe for it is itself reported as a violation. Set before any schema module is evaluated (zod decides
 * per object schema when it is built).
 */
async function browserZod(): Promise<void> {
  const { z: zod } = await import('zod');
  zod.config({ jitless: true });
}

export function lazySchema(load: () => Promise<z.ZodType>): () => Promise<z.ZodType> {
  let loading: Promise<z.ZodType> | undefined;
  return () => {
    loading ??= browserZod()
      .then(load)
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
}
