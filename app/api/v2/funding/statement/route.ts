// Serves GET /api/v2/funding/statement: opening balance, every movement and closing balance of a period, as CSV.
import { db } from '@/db/client';
import { handle } from '@/lib/app/handle';
import { fundingStatementCsv } from '@/lib/funding/server';
import { getFundingStatementOperation } from '@/lib/payouts/contract/operations';
import { csvStream } from '@/lib/platform/csv';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getFundingStatementOperation, async ({ actor, query }) => ({
    contentType: 'text/csv; charset=utf-8',
    filename: `statement-${query.from.slice(0, 10)}-to-${query.to.slice(0, 10)}.csv`,
    body: csvStream(fundingStatementCsv(db(), actor.orgId, query)),
  })),
});
