import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import * as operations from '@/lib/liquidity/contract/operations';
import { getWithdrawal, withdrawalsForCaller } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.getWithdrawalOperation, async ({ actor, db, params, requestId }) =>
    withdrawalsForCaller(
      db,
      serviceActor(actor, requestId),
      await getWithdrawal(db, actor.orgId, params.withdrawalId),
    ),
  ),
});
