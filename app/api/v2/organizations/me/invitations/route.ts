// Serves GET|POST /api/v2/organizations/me/invitations: list and send invitations (admins, session only).

import { handle } from '@/lib/app/handle';
import { createInvitationOperation, listInvitationsOperation } from '@/lib/identity/contract/team-operations';
import { createInvitation, listInvitations } from '@/lib/identity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listInvitationsOperation, ({ actor, db, query }) => listInvitations(db, actor.orgId, query)),
  POST: handle(createInvitationOperation, ({ actor, db, body, requestId }) =>
    createInvitation(db, {
      orgId: actor.orgId,
      email: body.email,
      role: body.role,
      invitedByUserId: actor.userId ?? '',
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
});
