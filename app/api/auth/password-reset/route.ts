// Serves POST /api/auth/password-reset: email a reset link; the same answer, after the same work, whether or not the
// account exists.

import { handle } from '@/lib/app/handle';
import { requestPasswordResetOperation } from '@/lib/identity/contract/auth-operations';
import { admitPublicAuthRequest, clientAddress, requestPasswordReset } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(requestPasswordResetOperation, async ({ db, body, requestId, request }) => {
    await admitPublicAuthRequest('password_reset_request', clientAddress(request.headers));
    await requestPasswordReset(db, { email: body.email, requestId });
    return { message: 'If an account uses this email, a link to reset its password is on its way.' };
  }),
});
