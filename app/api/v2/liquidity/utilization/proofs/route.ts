import * as operations from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listUtilizationProofs } from '@/lib/liquidity/utilization';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(operations.listUtilizationProofsOperation, ({ actor, db, query, request }) => {
    // Paged only when asked: without limit and page the spec's whole array.
    const params = new URL(request.url).searchParams;
    const paged = params.has('limit') || params.has('page');
    return listUtilizationProofs(db, actor.orgId, paged ? query : undefined);
  }),
});
