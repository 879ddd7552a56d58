// Serves POST /api/v2/payouts/{batchId}/cancel: discard a draft batch.
import { discardBatchOperation } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { payoutActor } from '@/lib/payouts/actor';
import { discardBatch as discard } from '@/lib/payouts/lifecycle';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(discardBatchOperation, ({ actor, db, params, requestId }) =>
    discard(db, payoutActor(actor, requestId), params.batchId),
  ),
});
