// Owns the body limit a request is held to, decided before anything is read: the operation's own (or the
// deployment's default), and never more than the small unauthenticated limit for a public operation.
import type { Env } from '@/lib/platform/env';
import type { Operation } from '@/lib/platform/operations/operation';
import { type RefusalContext, refusalContext } from '../refusals';

export function bodyLimitOf(
  operation: Operation,
  config: Pick<Env, 'MAX_BODY_BYTES' | 'MAX_UNAUTHENTICATED_BODY_BYTES'>,
): RefusalContext {
  const context = refusalContext(operation, config.MAX_BODY_BYTES);
  // Nobody is accountable for what an unauthenticated request sends: it gets the small limit.
  if (operation.public) {
    return { maxBodyBytes: Math.min(context.maxBodyBytes, config.MAX_UNAUTHENTICATED_BODY_BYTES) };
  }
  return context;
}
