// Serves GET /api/v2/liquidity/utilization/proof-of-settlement/batch/{batchId}: the proofs that name one payout batch.

import { listBatchProofsOperation } from '@/lib/liquidity/contract/operations';
import { listBatchProofs } from '@/lib/liquidity/server';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listBatchProofsOperation, ({ actor, db, params }) =>
    listBatchProofs(db, actor.orgId, params.batchId),
  ),
});
