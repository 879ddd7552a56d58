// Serves GET /api/v2/funding/transactions: a page of ledger movements, newest first, with filters.

import { handle } from '@/lib/app/handle';
import { listFundingTransactionsOperation } from '@/lib/funding/contract/operations';
import { listFundingTransactions } from '@/lib/funding/server';
import { route } from '@/lib/platform/http/route';
import { cursorPageRequest } from '@/lib/platform/pagination/cursor';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listFundingTransactionsOperation, ({ actor, db, query }) =>
    listFundingTransactions(db, actor.orgId, {
      ...cursorPageRequest(query),
      type: query.type,
      createdFrom: query.created_from,
      createdTo: query.created_to,
    }),
  ),
});
