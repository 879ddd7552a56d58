import { handle } from '@/lib/app/handle';
import * as operations from '@/lib/liquidity/contract/operations';
import { advanceSandboxWithdrawal } from '@/lib/liquidity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(operations.advanceSandboxWithdrawalOperation, ({ actor, db, params, requestId }) =>
    advanceSandboxWithdrawal(db, {
      orgId: actor.orgId,
      withdrawalId: params.withdrawalId,
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
});
