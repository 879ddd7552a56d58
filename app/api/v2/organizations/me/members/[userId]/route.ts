// Serves PATCH|DELETE /api/v2/organizations/me/members/{userId}: change a role, remove a member (never the last admin).

import { handle } from '@/lib/app/handle';
import { changeMemberRoleOperation, removeMemberOperation } from '@/lib/identity/contract/team-operations';
import { changeMemberRole, removeMember } from '@/lib/identity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: handle(changeMemberRoleOperation, ({ actor, db, params, body, requestId }) =>
    changeMemberRole(db, {
      orgId: actor.orgId,
      userId: params.userId,
      role: body.role,
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
  DELETE: handle(removeMemberOperation, ({ actor, db, params, requestId }) =>
    removeMember(db, { orgId: actor.orgId, userId: params.userId, actor: auditActorOf(actor), requestId }),
  ),
});
