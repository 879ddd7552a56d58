// Serves GET /api/v2/funding/balance/history: available and held USDT at the end of each UTC day.

import { handle } from '@/lib/app/handle';
import { getFundingBalanceHistoryOperation } from '@/lib/funding/contract/operations';
import { getBalanceHistory } from '@/lib/funding/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getFundingBalanceHistoryOperation, ({ actor, db, query }) =>
    getBalanceHistory(db, actor.orgId, query.days),
  ),
});
