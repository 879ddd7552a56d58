// Serves POST /api/v2/account/password: change your own password (other sessions end).
import { changePassword } from '@/lib/account/password-changes';
import { changePasswordOperation } from '@/lib/api/operations/account';
import { clientAddress } from '@/lib/auth/client-address';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(changePasswordOperation, ({ actor, db, body, requestId, request }) =>
    changePassword(db, {
      userId: actor.userId,
      sessionId: actor.sessionId,
      currentPassword: body.current_password,
      newPassword: body.new_password,
      clientAddress: clientAddress(request.headers),
      requestId,
    }),
  ),
});
