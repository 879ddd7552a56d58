// Serves POST /api/v2/orders/{orderId}/cancel: cancel an order awaiting deposit.
import { cancelOrderOperation } from '@/lib/api/operations/payouts';
import { serviceActor } from '@/lib/auth/service-actor';
import { cancelOrder as cancel } from '@/lib/payouts/lifecycle';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(cancelOrderOperation, ({ actor, db, params, requestId }) =>
    cancel(db, serviceActor(actor, requestId), params.orderId),
  ),
});
