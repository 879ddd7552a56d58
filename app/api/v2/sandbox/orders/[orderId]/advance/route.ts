// Serves POST /api/v2/sandbox/orders/{orderId}/advance: an order's next sandbox step now.
import { advanceSandboxOrderOperation } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { payoutActor } from '@/lib/payouts/actor';
import { advanceOrder } from '@/lib/payouts/lifecycle';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(advanceSandboxOrderOperation, ({ actor, db, params, requestId }) =>
    advanceOrder(db, payoutActor(actor, requestId), params.orderId),
  ),
});
