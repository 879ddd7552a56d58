// Serves POST /api/auth/password-reset/complete: set a new password with a reset link's token.
import { completePasswordReset } from '@/lib/account/password-changes';
import { completePasswordResetOperation } from '@/lib/api/operations/auth';
import { clientAddress } from '@/lib/auth/client-address';
import { admitPublicAuthRequest } from '@/lib/auth/public-auth-limit';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(completePasswordResetOperation, async ({ db, body, requestId, request }) => {
    await admitPublicAuthRequest('password_reset_complete', clientAddress(request.headers));
    return completePasswordReset(db, { token: body.token, password: body.password, requestId });
  }),
});
