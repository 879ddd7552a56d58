// Serves POST /api/v2/payouts/{batchId}/confirm: hold the total and start the orders.
import { confirmBatchOperation } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { payoutActor } from '@/lib/payouts/actor';
import { confirmBatch as confirm } from '@/lib/payouts/confirm-batch';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handle(confirmBatchOperation, ({ actor, body, db, params, requestId }) =>
    confirm(db, payoutActor(actor, requestId), params.batchId, body),
  ),
});
