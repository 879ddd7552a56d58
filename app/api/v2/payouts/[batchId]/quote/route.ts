// Serves POST /api/v2/payouts/{batchId}/quote: re-quote a draft batch.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { requoteBatchOperation } from '@/lib/payouts/contract/operations';
import { forCaller, requoteBatch as requote } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(requoteBatchOperation, async ({ actor, db, params, requestId }) => {
    const caller = serviceActor(actor, requestId);
    return forCaller(db, caller, await requote(db, caller, params.batchId));
  }),
});
