// Serves POST /api/v2/payouts/{batchId}/approve: one slot of the batch's approval; the last one confirms it.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { approveBatchOperation } from '@/lib/payouts/contract/operations';
import { approveBatch, forCaller } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(approveBatchOperation, async ({ actor, body, db, params, requestId }) => {
    const caller = serviceActor(actor, requestId);
    return forCaller(db, caller, await approveBatch(db, caller, params.batchId, body));
  }),
});
