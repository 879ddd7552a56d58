// Owns what the route and the request target alone refuse, before anyone is authenticated: an operation this
// deployment does not serve (sandbox-only, in production) and a target carrying a fragment.
import type { Env } from '@/lib/platform/env';
import type { Operation } from '@/lib/platform/operations/operation';
import { targetHasFragment } from '../raw-target';
import { type RefusalContext, refuse } from '../refusals';

export function checkTarget(
  operation: Operation,
  request: Request,
  config: Pick<Env, 'APP_ENV'>,
  context: RefusalContext,
): void {
  if (operation.sandboxOnly && config.APP_ENV !== 'sandbox') throw refuse('sandbox_only', operation, context);
  // A malformed target, whoever sends it: said plainly rather than as a signature that cannot match.
  if (targetHasFragment(request.headers)) throw refuse('fragment_in_target', operation, context);
}
