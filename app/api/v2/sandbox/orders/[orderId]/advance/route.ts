// Serves POST /api/v2/sandbox/orders/{orderId}/advance: an order's next sandbox step now.
import { advanceSandboxOrderOperation } from '@/lib/api/operations/payouts';
import { serviceActor } from '@/lib/auth/service-actor';
import { advanceOrder } from '@/lib/payouts/lifecycle';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(advanceSandboxOrderOperation, ({ actor, db, params, requestId }) =>
    advanceOrder(db, serviceActor(actor, requestId), params.orderId),
  ),
});
