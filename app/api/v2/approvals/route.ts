// Serves GET /api/v2/approvals: the approvals inbox (waiting for me, pending, decided).

import { handle } from '@/lib/app/handle';
import { listApprovalsOperation } from '@/lib/approvals/contract/operations';
import { actionCaller, listInbox } from '@/lib/approvals/server';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';
import { cursorPageRequest } from '@/lib/platform/pagination/cursor';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listApprovalsOperation, async ({ actor, db, query, requestId }) => {
    const caller = serviceActor(actor, requestId);
    return listInbox(
      db,
      {
        orgId: actor.orgId,
        personId: caller.personId,
        role: actor.role,
        actionCaller: await actionCaller(db, caller),
      },
      query.view,
      cursorPageRequest(query),
    );
  }),
});
