// Serves POST /api/v2/sandbox/deposits: a simulated incoming USDT deposit (sandbox only).

import { handle } from '@/lib/app/handle';
import { createSandboxDepositOperation } from '@/lib/funding/contract/operations';
import { creditDeposit } from '@/lib/funding/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(createSandboxDepositOperation, ({ actor, db, body, requestId }) =>
    creditDeposit(db, {
      orgId: actor.orgId,
      amount: body.amount,
      chainCode: body.chain,
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
});
