// Serves POST /api/v2/sandbox/payouts/{batchId}/advance: every open order of a batch one step now.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { advanceSandboxBatchOperation } from '@/lib/payouts/contract/operations';
import { advanceBatch, forCaller } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(advanceSandboxBatchOperation, async ({ actor, db, params, requestId }) => {
    const caller = serviceActor(actor, requestId);
    return forCaller(db, caller, await advanceBatch(db, caller, params.batchId));
  }),
});
