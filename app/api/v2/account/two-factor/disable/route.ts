// Serves POST /api/v2/account/two-factor/disable: turn the second factor off (password required).
import { disableTwoFactor, getTwoFactorStatus } from '@/lib/account/two-factor';
import { disableTwoFactorOperation } from '@/lib/api/operations/account';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(disableTwoFactorOperation, async ({ actor, db, body, requestId }) => {
    await disableTwoFactor(db, { userId: actor.userId, password: body.password, requestId });
    return getTwoFactorStatus(db, actor.userId);
  }),
});
