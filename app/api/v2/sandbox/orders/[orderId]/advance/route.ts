import { advanceSandboxOrder } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { payoutActor } from '@/lib/payouts/actor';
import { advanceOrder } from '@/lib/payouts/lifecycle';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handle(advanceSandboxOrder, ({ actor, db, params, requestId }) =>
    advanceOrder(db, payoutActor(actor, requestId), params.orderId),
  ),
});
