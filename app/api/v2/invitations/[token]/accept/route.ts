// Serves POST /api/v2/invitations/{token}/accept: a signed-in user joins the organization that invited their email.
import { acceptInvitationOperation } from '@/lib/api/operations/team';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { acceptInvitation } from '@/lib/team/invitations';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(acceptInvitationOperation, ({ actor, db, params }) =>
    acceptInvitation(db, { token: params.token, userId: actor.userId, sessionId: actor.sessionId }),
  ),
});
