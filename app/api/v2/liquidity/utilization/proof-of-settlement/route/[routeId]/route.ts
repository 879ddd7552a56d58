import * as operations from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listRouteProofs } from '@/lib/liquidity/proofs';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listRouteProofsOperation, ({ actor, db, params }) =>
    listRouteProofs(db, actor.orgId, params.routeId),
  ),
});
