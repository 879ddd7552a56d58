import { handle } from '@/lib/app/handle';
import * as operations from '@/lib/liquidity/contract/operations';
import { listLoanRepayments } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listLoanRepaymentsOperation, ({ actor, db, query }) =>
    listLoanRepayments(db, actor.orgId, { limit: query.limit, page: query.page, loanId: query.loan_id }),
  ),
});
