import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import * as operations from '@/lib/liquidity/contract/operations';
import { listLoanRepayments } from '@/lib/liquidity/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listLoanRepaymentsOperation, ({ actor, db, query }) =>
    listLoanRepayments(db, actor.orgId, { limit: query.limit, page: query.page, loanId: query.loan_id }),
  ),
});
