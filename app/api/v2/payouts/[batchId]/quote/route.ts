import { requoteBatch } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { payoutActor } from '@/lib/payouts/actor';
import { requoteBatch as requote } from '@/lib/payouts/requote';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handle(requoteBatch, ({ actor, db, params, requestId }) =>
    requote(db, payoutActor(actor, requestId), params.batchId),
  ),
});
