// Serves POST /api/v2/liquidity/management/withdrawals/{withdrawalId}/approve: the second pair of eyes (session only).

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import * as operations from '@/lib/liquidity/contract/operations';
import { approveWithdrawal, signedInUserOf, withdrawalsForCaller } from '@/lib/liquidity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(operations.approveWithdrawalOperation, async ({ actor, db, params, requestId }) =>
    withdrawalsForCaller(
      db,
      serviceActor(actor, requestId),
      await approveWithdrawal(db, {
        orgId: actor.orgId,
        withdrawalId: params.withdrawalId,
        userId: signedInUserOf(actor),
        actor: auditActorOf(actor),
        requestId,
      }),
    ),
  ),
});
