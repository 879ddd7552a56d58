// Serves POST /api/auth/password-reset/complete: set a new password with a reset link's token.

import { handle } from '@/lib/app/handle';
import { completePasswordResetOperation } from '@/lib/identity/contract/auth-operations';
import { admitPublicAuthRequest, clientAddress, completePasswordReset } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(completePasswordResetOperation, async ({ db, body, requestId, request }) => {
    await admitPublicAuthRequest('password_reset_complete', clientAddress(request.headers));
    return completePasswordReset(db, { token: body.token, password: body.password, requestId });
  }),
});
