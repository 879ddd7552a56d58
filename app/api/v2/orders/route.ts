// Serves GET /api/v2/orders: list orders.

import { handle } from '@/lib/app/handle';
import { listOrdersOperation } from '@/lib/payouts/contract/operations';
import { listOrders as list } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';
import { cursorPageRequest } from '@/lib/platform/pagination/cursor';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listOrdersOperation, ({ actor, db, query }) =>
    list(db, actor.orgId, {
      ...cursorPageRequest(query),
      status: query.status,
      batchId: query.batch_id,
      createdFrom: query.created_from,
      createdTo: query.created_to,
    }),
  ),
});
