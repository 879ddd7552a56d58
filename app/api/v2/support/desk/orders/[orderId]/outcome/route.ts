// Serves POST /api/v2/support/desk/orders/{orderId}/outcome: the bank's outcome of an order marked sent (operations,
// four eyes).

import { handle } from '@/lib/app/handle';
import { recordPayoutOutcomeOperation } from '@/lib/payouts/contract/desk-operations';
import { recordPayoutOutcome } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(recordPayoutOutcomeOperation, ({ actor, db, params, body, requestId }) =>
    recordPayoutOutcome(db, actor, params.orderId, body, requestId),
  ),
});
