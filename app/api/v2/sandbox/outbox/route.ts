// Serves GET /api/v2/sandbox/outbox: the emails the sandbox would have sent, that this person may read.

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { getSandboxOutboxOperation } from '@/lib/sandbox/contract/outbox-operations';
import { listVisibleOutbox } from '@/lib/sandbox/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getSandboxOutboxOperation, ({ actor, db }) =>
    listVisibleOutbox(db, { userId: actor.userId, orgId: actor.orgId, role: actor.role }),
  ),
});
