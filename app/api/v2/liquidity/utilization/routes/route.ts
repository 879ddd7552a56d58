import { handle } from '@/lib/app/handle';
import * as operations from '@/lib/liquidity/contract/operations';
import { listSettlementRoutes } from '@/lib/liquidity/server';
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
