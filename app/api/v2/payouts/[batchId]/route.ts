// Serves GET /api/v2/payouts/{batchId}: a batch with all its orders.

import { handle } from '@/lib/app/handle';
import { getBatchOperation } from '@/lib/payouts/contract/operations';
import { getBatchWithOrders } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getBatchOperation, ({ actor, db, params }) =>
    getBatchWithOrders(db, actor.orgId, params.batchId),
  ),
});
