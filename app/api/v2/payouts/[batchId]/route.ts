// Serves GET /api/v2/payouts/{batchId}: a batch with all its orders.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { getBatchOperation } from '@/lib/payouts/contract/operations';
import { forCaller, getBatchWithOrders } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getBatchOperation, async ({ actor, db, params, requestId }) =>
    forCaller(db, serviceActor(actor, requestId), await getBatchWithOrders(db, actor.orgId, params.batchId)),
  ),
});
