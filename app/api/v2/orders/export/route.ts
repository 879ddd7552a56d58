// Serves GET /api/v2/orders/export: the orders of a period as CSV, streamed.
import { db } from '@/db/client';
import { handle } from '@/lib/app/handle';
import { exportOrdersOperation } from '@/lib/payouts/contract/operations';
import { exportOrdersCsv } from '@/lib/payouts/server';
import { csvStream } from '@/lib/platform/csv';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(exportOrdersOperation, async ({ actor, query }) => ({
    contentType: 'text/csv; charset=utf-8',
    filename: `orders-${query.from.slice(0, 10)}-to-${query.to.slice(0, 10)}.csv`,
    body: csvStream(exportOrdersCsv(db(), actor.orgId, query)),
  })),
});
