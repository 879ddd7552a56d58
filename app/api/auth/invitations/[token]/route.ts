// Serves GET /api/auth/invitations/{token}: what an invitation link is for (the token is the key to it).

import { handle } from '@/lib/app/handle';
import { previewInvitationOperation } from '@/lib/identity/contract/auth-operations';
import { admitPublicAuthRequest, clientAddress, previewInvitation } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(previewInvitationOperation, async ({ db, params, request }) => {
    await admitPublicAuthRequest('invitation_preview', clientAddress(request.headers));
    return previewInvitation(db, params.token);
  }),
});
