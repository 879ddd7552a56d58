// Serves POST /api/v2/account/two-factor/enrolment: a new authenticator secret and its QR-code URI.

import { handle } from '@/lib/app/handle';
import { startTwoFactorEnrolmentOperation } from '@/lib/identity/contract/account-operations';
import { startTwoFactorEnrolment } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(startTwoFactorEnrolmentOperation, ({ actor, db }) =>
    startTwoFactorEnrolment(db, actor.userId),
  ),
});
