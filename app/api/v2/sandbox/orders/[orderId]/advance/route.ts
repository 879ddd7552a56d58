// Serves POST /api/v2/sandbox/orders/{orderId}/advance: an order's next sandbox step now.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { advanceSandboxOrderOperation } from '@/lib/payouts/contract/operations';
import { advanceOrder } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(advanceSandboxOrderOperation, ({ actor, db, params, requestId }) =>
    advanceOrder(db, serviceActor(actor, requestId), params.orderId),
  ),
});
