import { listFundingTransactions } from '@/lib/api/operations/funding';
import { listFundingTransactions as listTransactions } from '@/lib/funding/transactions';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(listFundingTransactions, ({ actor, db, query }) =>
    listTransactions(db, actor.orgId, {
      limit: query.limit,
      page: query.page,
      type: query.type,
      createdFrom: query.created_from,
      createdTo: query.created_to,
    }),
  ),
});
