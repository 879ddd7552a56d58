import * as operations from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listLoans } from '@/lib/liquidity/loans';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listLoansOperation, ({ actor, db, query }) => listLoans(db, actor.orgId, query)),
});
