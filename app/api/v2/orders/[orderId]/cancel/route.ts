// Serves POST /api/v2/orders/{orderId}/cancel: cancel an order awaiting deposit.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { cancelOrderOperation } from '@/lib/payouts/contract/operations';
import { cancelOrder as cancel } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(cancelOrderOperation, ({ actor, db, params, requestId }) =>
    cancel(db, serviceActor(actor, requestId), params.orderId),
  ),
});
