// Serves POST /api/v2/account/two-factor/disable: turn the second factor off (password and a current code required).

import { handle } from '@/lib/app/handle';
import { disableTwoFactorOperation } from '@/lib/identity/contract/account-operations';
import { clientAddress, disableTwoFactor, getTwoFactorStatus } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(disableTwoFactorOperation, async ({ actor, db, body, requestId, request }) => {
    await disableTwoFactor(db, {
      userId: actor.userId,
      password: body.password,
      code: body.code,
      clientAddress: clientAddress(request.headers),
      requestId,
    });
    return getTwoFactorStatus(db, actor.userId);
  }),
});
