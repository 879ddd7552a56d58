import { discardBatch } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { payoutActor } from '@/lib/payouts/actor';
import { discardBatch as discard } from '@/lib/payouts/lifecycle';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handle(discardBatch, ({ actor, db, params, requestId }) =>
    discard(db, payoutActor(actor, requestId), params.batchId),
  ),
});
