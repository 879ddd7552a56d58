// Serves POST /api/v2/liquidity/management/withdrawals/{withdrawalId}/reject: reject or cancel (session only).

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import * as operations from '@/lib/liquidity/contract/operations';
import { rejectWithdrawal, signedInUserOf, withdrawalsForCaller } from '@/lib/liquidity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(operations.rejectWithdrawalOperation, async ({ actor, db, params, body, requestId }) =>
    withdrawalsForCaller(
      db,
      serviceActor(actor, requestId),
      await rejectWithdrawal(db, {
        orgId: actor.orgId,
        withdrawalId: params.withdrawalId,
        userId: signedInUserOf(actor),
        reason: body.reason,
        actor: auditActorOf(actor),
        requestId,
      }),
    ),
  ),
});
