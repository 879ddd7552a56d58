import * as operations from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { getWithdrawal } from '@/lib/liquidity/withdrawals';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.getWithdrawalOperation, ({ actor, db, params }) =>
    getWithdrawal(db, actor.orgId, params.withdrawalId),
  ),
});
