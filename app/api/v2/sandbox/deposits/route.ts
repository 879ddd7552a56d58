// Serves POST /api/v2/sandbox/deposits: a simulated incoming USDT deposit (sandbox only).

import { auditActorOf } from '@/lib/events/audit-actor';
import { createSandboxDepositOperation } from '@/lib/funding/contract/operations';
import { creditDeposit } from '@/lib/funding/server';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';

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
