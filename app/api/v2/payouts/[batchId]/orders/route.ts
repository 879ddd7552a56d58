// Serves GET /api/v2/payouts/{batchId}/orders: a batch's orders, paginated.

import { handle } from '@/lib/app/handle';
import { listBatchOrdersOperation } from '@/lib/payouts/contract/operations';
import { listBatchOrders as list } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listBatchOrdersOperation, ({ actor, db, params, query }) =>
    list(db, actor.orgId, params.batchId, { limit: query.limit, page: query.page, status: query.status }),
  ),
});
