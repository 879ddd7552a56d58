// Serves GET /api/v2/liquidity/utilization/proof-of-settlement/batch/{batchId}: the proofs that name one payout batch.
import { listBatchProofsOperation } from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listBatchProofs } from '@/lib/liquidity/proofs';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listBatchProofsOperation, ({ actor, db, params }) =>
    listBatchProofs(db, actor.orgId, params.batchId),
  ),
});
