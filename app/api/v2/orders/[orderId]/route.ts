// Serves GET /api/v2/orders/{orderId}: one order.

import { handle } from '@/lib/app/handle';
import { getOrderOperation } from '@/lib/payouts/contract/operations';
import { getOrder as get } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getOrderOperation, ({ actor, db, params }) => get(db, actor.orgId, params.orderId)),
});
