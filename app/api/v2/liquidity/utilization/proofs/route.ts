import * as operations from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listUtilizationProofs } from '@/lib/liquidity/utilization';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listUtilizationProofsOperation, ({ actor, db, query }) =>
    listUtilizationProofs(db, actor.orgId, query),
  ),
});
