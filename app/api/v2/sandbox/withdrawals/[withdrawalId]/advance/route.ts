import * as operations from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { liquidityActorOf } from '@/lib/liquidity/common';
import { advanceSandboxWithdrawal } from '@/lib/liquidity/withdrawal-progress';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handle(operations.advanceSandboxWithdrawal, ({ actor, db, params, requestId }) =>
    advanceSandboxWithdrawal(db, {
      orgId: actor.orgId,
      withdrawalId: params.withdrawalId,
      actor: liquidityActorOf(actor),
      requestId,
    }),
  ),
});
