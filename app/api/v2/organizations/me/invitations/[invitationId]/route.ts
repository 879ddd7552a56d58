// Serves DELETE /api/v2/organizations/me/invitations/{invitationId}: withdraw an invitation.
import { revokeInvitationOperation } from '@/lib/identity/contract/team-operations';
import { revokeInvitation } from '@/lib/identity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { handle } from '@/lib/platform/http/handle';
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
