import { advanceSandboxClock, getSandboxClock } from '@/lib/api/operations/sandbox';
import { auditActorOf } from '@/lib/events/audit-actor';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import * as sandboxClock from '@/lib/sandbox/clock';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(getSandboxClock, ({ actor, db }) => sandboxClock.getSandboxClock(db, actor.orgId)),
  POST: handle(advanceSandboxClock, ({ actor, db, body, requestId }) =>
    sandboxClock.advanceSandboxClock(db, {
      orgId: actor.orgId,
      advanceSeconds: body.advance_seconds,
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
});
