// Serves DELETE /api/v2/organizations/me/invitations/{invitationId}: withdraw an invitation.

import { handle } from '@/lib/app/handle';
import { revokeInvitationOperation } from '@/lib/identity/contract/team-operations';
import { revokeInvitation } from '@/lib/identity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  DELETE: handle(revokeInvitationOperation, ({ actor, db, params, requestId }) =>
    revokeInvitation(db, {
      orgId: actor.orgId,
      invitationId: params.invitationId,
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
});
