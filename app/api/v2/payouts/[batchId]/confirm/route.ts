// Serves POST /api/v2/payouts/{batchId}/confirm: hold the total and start the orders.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { confirmBatchOperation } from '@/lib/payouts/contract/operations';
import { confirmBatch as confirm, forCaller } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(confirmBatchOperation, async ({ actor, body, db, params, requestId }) => {
    const caller = serviceActor(actor, requestId);
    return forCaller(db, caller, await confirm(db, caller, params.batchId, body));
  }),
});
