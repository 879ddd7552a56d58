import * as operations from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listLoanRepayments } from '@/lib/liquidity/loans';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listLoanRepaymentsOperation, ({ actor, db, query }) =>
    listLoanRepayments(db, actor.orgId, { limit: query.limit, page: query.page, loanId: query.loan_id }),
  ),
});
