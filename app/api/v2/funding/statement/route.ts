import { sqlClient } from '@/db/client';
import { getFundingStatement } from '@/lib/api/operations/payouts';
import { fundingStatementCsv } from '@/lib/funding/statement';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { csvStream } from '@/lib/payouts/csv';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(getFundingStatement, async ({ actor, query }) => {
    const name = `statement-${query.from.slice(0, 10)}-to-${query.to.slice(0, 10)}.csv`;
    return new Response(csvStream(fundingStatementCsv(sqlClient(), actor.orgId, query)), {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
      },
    });
  }),
});
