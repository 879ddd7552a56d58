// Serves GET /api/v2/payouts/{batchId}/orders: a batch's orders, paginated.
import { listBatchOrdersOperation } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listBatchOrders as list } from '@/lib/payouts/read';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listBatchOrdersOperation, ({ actor, db, params, query }) =>
    list(db, actor.orgId, params.batchId, { limit: query.limit, page: query.page, status: query.status }),
  ),
});
