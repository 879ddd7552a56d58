// Serves POST /api/v2/account/two-factor/recovery-codes: replace your recovery codes (password required).

import { handle } from '@/lib/app/handle';
import { regenerateRecoveryCodesOperation } from '@/lib/identity/contract/account-operations';
import { clientAddress, regenerateRecoveryCodes } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(regenerateRecoveryCodesOperation, ({ actor, db, body, requestId, request }) =>
    regenerateRecoveryCodes(db, {
      userId: actor.userId,
      password: body.password,
      clientAddress: clientAddress(request.headers),
      requestId,
    }),
  ),
});
