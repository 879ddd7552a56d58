// Serves POST /api/v2/payouts/{batchId}/cancel: discard a draft batch.
import { discardBatchOperation } from '@/lib/api/operations/payouts';
import { serviceActor } from '@/lib/auth/service-actor';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { discardBatch as discard } from '@/lib/payouts/lifecycle';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(discardBatchOperation, ({ actor, db, params, requestId }) =>
    discard(db, serviceActor(actor, requestId), params.batchId),
  ),
});
