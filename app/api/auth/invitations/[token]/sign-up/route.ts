// Serves POST /api/auth/invitations/{token}/sign-up: someone without an account joins by choosing a password.

import { handle } from '@/lib/app/handle';
import { signUpFromInvitationOperation } from '@/lib/identity/contract/auth-operations';
import { admitPublicAuthRequest, clientAddress, registerFromInvitation } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(signUpFromInvitationOperation, async ({ db, params, body, request }) => {
    await admitPublicAuthRequest('invitation_sign_up', clientAddress(request.headers));
    return registerFromInvitation(db, { token: params.token, name: body.name, password: body.password });
  }),
});
