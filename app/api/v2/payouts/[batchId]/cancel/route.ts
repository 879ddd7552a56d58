// Serves POST /api/v2/payouts/{batchId}/cancel: discard a draft batch.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { discardBatchOperation } from '@/lib/payouts/contract/operations';
import { discardBatch as discard } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(discardBatchOperation, ({ actor, db, params, requestId }) =>
    discard(db, serviceActor(actor, requestId), params.batchId),
  ),
});
