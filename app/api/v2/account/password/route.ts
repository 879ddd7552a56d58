// Serves POST /api/v2/account/password: change your own password (other sessions end).

import { handle } from '@/lib/app/handle';
import { changePasswordOperation } from '@/lib/identity/contract/account-operations';
import { changePassword, clientAddress } from '@/lib/identity/server';
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
