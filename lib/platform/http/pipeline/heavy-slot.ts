// Owns the pipeline's side of the heavy-work bounds (lib/platform/http/heavy-work.ts): an organization's heavy request
// takes its place before the handler runs (429 when none is free) and gives it back once answered — a stream's place
// goes with the stream and is given back when it ends.
import type { Env } from '@/lib/platform/env';
import type { Operation } from '@/lib/platform/operations/operation';
import { takeHeavySlot } from '../heavy-work';
import type { RefusalContext } from '../refusals';
import type { Exchange } from './exchange';

export function takeHeavyPlace(
  exchange: Exchange,
  operation: Operation,
  body: unknown,
  config: Pick<Env, 'HEAVY_CONCURRENCY_PER_ORG' | 'EXPORT_CONCURRENCY_TOTAL'>,
  context: RefusalContext,
): void {
  const orgId = exchange.actor?.orgId;
  if (!orgId) return;
  exchange.heavySlot = takeHeavySlot(
    operation,
    orgId,
    body,
    { perOrganization: config.HEAVY_CONCURRENCY_PER_ORG, exportsTotal: config.EXPORT_CONCURRENCY_TOTAL },
    context,
  );
}

/** Once answered, unless a streamed file took the place with it. */
export function releaseHeavyPlace(exchange: Exchange): void {
  if (!exchange.slotGoesWithStream) exchange.heavySlot?.release();
}
