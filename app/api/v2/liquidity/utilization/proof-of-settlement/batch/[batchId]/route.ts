// Serves GET /api/v2/liquidity/utilization/proof-of-settlement/batch/{batchId}: the proofs that name one payout batch.

import { handle } from '@/lib/app/handle';
import { listBatchProofsOperation } from '@/lib/liquidity/contract/operations';
import { listBatchProofs } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listBatchProofsOperation, ({ actor, db, params }) =>
    listBatchProofs(db, actor.orgId, params.batchId),
  ),
});
