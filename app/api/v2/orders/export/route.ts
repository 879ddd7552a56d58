import { sqlClient } from '@/db/client';
import { exportOrders } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { csvStream } from '@/lib/payouts/csv';
import { exportOrdersCsv } from '@/lib/payouts/export';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(exportOrders, async ({ actor, query }) => {
    const name = `orders-${query.from.slice(0, 10)}-to-${query.to.slice(0, 10)}.csv`;
    return new Response(csvStream(exportOrdersCsv(sqlClient(), actor.orgId, query)), {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
      },
    });
  }),
});
