import { listBatchOrders } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listBatchOrders as list } from '@/lib/payouts/read';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(listBatchOrders, ({ actor, db, params, query }) =>
    list(db, actor.orgId, params.batchId, { limit: query.limit, page: query.page, status: query.status }),
  ),
});
