import { advanceSandboxBatch } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { payoutActor } from '@/lib/payouts/actor';
import { advanceBatch } from '@/lib/payouts/lifecycle';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handle(advanceSandboxBatch, ({ actor, db, params, requestId }) =>
    advanceBatch(db, payoutActor(actor, requestId), params.batchId),
  ),
});
