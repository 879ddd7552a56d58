// Serves GET /api/v2/orders/summary: completed volume per day and currency, and outcomes, of a period.

import { handle } from '@/lib/app/handle';
import { getOrderSummaryOperation } from '@/lib/payouts/contract/operations';
import { orderSummary } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getOrderSummaryOperation, ({ actor, db, query }) => orderSummary(db, actor.orgId, query)),
});
