import { confirmBatch } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { payoutActor } from '@/lib/payouts/actor';
import { confirmBatch as confirm } from '@/lib/payouts/confirm-batch';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handle(confirmBatch, ({ actor, db, params, requestId }) =>
    confirm(db, payoutActor(actor, requestId), params.batchId),
  ),
});
