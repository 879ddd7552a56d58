// Serves GET /api/v2/approvals: the approvals inbox (waiting for me, pending, decided).

import { handle } from '@/lib/app/handle';
import { listApprovalsOperation } from '@/lib/approvals/contract/operations';
import { listInbox } from '@/lib/approvals/server';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';
import { cursorPageRequest } from '@/lib/platform/pagination/cursor';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listApprovalsOperation, ({ actor, db, query, requestId }) =>
    listInbox(
      db,
      { orgId: actor.orgId, personId: serviceActor(actor, requestId).personId, role: actor.role },
      query.view,
      cursorPageRequest(query),
    ),
  ),
});
