import * as operations from '@/lib/liquidity/contract/operations';
import { listSettlementRoutes } from '@/lib/liquidity/server';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listSettlementRoutesOperation, ({ actor, db, query }) =>
    listSettlementRoutes(db, actor.orgId, {
      limit: query.limit,
      page: query.page,
      corridorId: query.corridor_id,
      status: query.status,
    }),
  ),
});
