// Owns filling a batch's `actions` for the caller of a request (DESIGN "Approvals"): what only payouts knows — the
// batch's state, its live makers, its quote against the organization's clock — handed to the approvals area, which
// alone decides. Events keep `actions: null` (rows.ts): they have no caller.
import type { Executor } from '@/db/client';
import { type ActionCaller, actionCaller, batchActions } from '@/lib/approvals/server';
import type { ServiceActor } from '@/lib/identity/server';
import type { BatchWire, BatchWithOrdersWire } from '@/lib/payouts/contract/schemas';
import { businessNow } from '@/lib/platform/clock';

type Carrier = BatchWire | BatchWithOrdersWire | { items: BatchWire[] };

function withActionsOf(batch: BatchWire, caller: ActionCaller, now: Date): BatchWire {
  const person = caller.approver?.personId;
  return {
    ...batch,
    actions: batchActions(batch.approval, caller, {
      closed:
        batch.status === 'AWAITING_CONFIRMATION'
          ? null
          : batch.confirmed_at !== null
            ? 'Already confirmed'
            : 'Discarded or expired',
      // A key counts as the user who created it; a key no user created is its own person.
      isMaker: person !== undefined && batch.makers.some((maker) => (maker.user_id ?? maker.id) === person),
      quoteExpired: new Date(batch.quote_expires_at) <= now,
    }),
  };
}

/** The answer of a batch operation with each batch's `actions` for this caller (a batch, with its orders, or a page). */
export async function forCaller<T extends Carrier>(
  executor: Executor,
  actor: ServiceActor,
  result: T,
): Promise<T> {
  const [caller, now] = await Promise.all([
    actionCaller(executor, actor),
    businessNow(executor, actor.orgId),
  ]);
  if ('items' in result)
    return { ...result, items: result.items.map((batch) => withActionsOf(batch, caller, now)) };
  if ('batch' in result) return { ...result, batch: withActionsOf(result.batch, caller, now) };
  return withActionsOf(result, caller, now) as T;
}
