// Serves GET|POST /api/v2/account/two-factor: your second factor's state, and turning it on with a first code.

import { handle } from '@/lib/app/handle';
import { enableTwoFactorOperation, getTwoFactorOperation } from '@/lib/identity/contract/account-operations';
import { confirmTwoFactorEnrolment, getTwoFactorStatus } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getTwoFactorOperation, ({ actor, db }) => getTwoFactorStatus(db, actor.userId)),
  POST: handle(enableTwoFactorOperation, ({ actor, db, body, requestId }) =>
    confirmTwoFactorEnrolment(db, { userId: actor.userId, code: body.code, requestId }),
  ),
});
