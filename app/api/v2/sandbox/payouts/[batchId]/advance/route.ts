// Serves POST /api/v2/sandbox/payouts/{batchId}/advance: every open order of a batch one step now.
import { advanceSandboxBatchOperation } from '@/lib/api/operations/payouts';
import { serviceActor } from '@/lib/auth/service-actor';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { advanceBatch } from '@/lib/payouts/lifecycle';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(advanceSandboxBatchOperation, ({ actor, db, params, requestId }) =>
    advanceBatch(db, serviceActor(actor, requestId), params.batchId),
  ),
});
