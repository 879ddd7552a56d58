// Serves GET /api/v2/sandbox/outbox: the emails the sandbox would have sent, that this person may read.
import { getSandboxOutboxOperation } from '@/lib/api/operations/outbox';
import { handle } from '@/lib/app/handle';
import { listVisibleOutbox } from '@/lib/email/visible-outbox';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getSandboxOutboxOperation, ({ actor, db }) =>
    listVisibleOutbox(db, { userId: actor.userId, orgId: actor.orgId, role: actor.role }),
  ),
});
