// Serves POST /api/v2/invitations/{token}/accept: a signed-in user joins the organization that invited their email.

import { handle } from '@/lib/app/handle';
import { acceptInvitationOperation } from '@/lib/identity/contract/team-operations';
import { acceptInvitation, admitPublicAuthRequest, clientAddress } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(acceptInvitationOperation, async ({ actor, db, params, request }) => {
    // Tokens are guessed here as well as at sign-up: the same per-address limit.
    await admitPublicAuthRequest('invitation_accept', clientAddress(request.headers));
    return acceptInvitation(db, { token: params.token, userId: actor.userId, sessionId: actor.sessionId });
  }),
});
