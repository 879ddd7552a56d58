// Serves GET and POST /api/v2/sandbox/clock: read and move the organization's sandbox clock (sandbox only).

import { handle } from '@/lib/app/handle';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';
import { advanceSandboxClockOperation, getSandboxClockOperation } from '@/lib/sandbox/contract/operations';
import { advanceSandboxClock, getSandboxClock } from '@/lib/sandbox/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getSandboxClockOperation, ({ actor, db }) => getSandboxClock(db, actor.orgId)),
  POST: handle(advanceSandboxClockOperation, ({ actor, db, body, requestId }) =>
    advanceSandboxClock(db, {
      orgId: actor.orgId,
      advanceSeconds: body.advance_seconds,
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
});
