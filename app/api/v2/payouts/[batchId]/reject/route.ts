// Serves POST /api/v2/payouts/{batchId}/reject: the batch's approval ends rejected, with a reason.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { rejectBatchOperation } from '@/lib/payouts/contract/operations';
import { forCaller, rejectBatch } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(rejectBatchOperation, async ({ actor, body, db, params, requestId }) => {
    const caller = serviceActor(actor, requestId);
    return forCaller(db, caller, await rejectBatch(db, caller, params.batchId, body));
  }),
});
