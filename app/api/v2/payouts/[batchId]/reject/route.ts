// Serves POST /api/v2/payouts/{batchId}/reject: the batch's approval ends rejected, with a reason.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { rejectBatchOperation } from '@/lib/payouts/contract/operations';
import { rejectBatch } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(rejectBatchOperation, ({ actor, body, db, params, requestId }) =>
    rejectBatch(db, serviceActor(actor, requestId), params.batchId, body),
  ),
});
