// Serves GET /api/v2/liquidity/utilization/proof-of-settlement/batch/{batchId}: the proofs that name one payout batch.
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listBatchProofsOperation } from '@/lib/liquidity/contract/operations';
import { listBatchProofs } from '@/lib/liquidity/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listBatchProofsOperation, ({ actor, db, params }) =>
    listBatchProofs(db, actor.orgId, params.batchId),
  ),
});
