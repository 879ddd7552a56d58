// Serves POST /api/v2/payouts/{batchId}/cancel: discard a draft batch.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { discardBatchOperation } from '@/lib/payouts/contract/operations';
import { discardBatch as discard, forCaller } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(discardBatchOperation, async ({ actor, db, params, requestId }) => {
    const caller = serviceActor(actor, requestId);
    return forCaller(db, caller, await discard(db, caller, params.batchId));
  }),
});
