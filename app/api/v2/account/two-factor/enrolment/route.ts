// Serves POST /api/v2/account/two-factor/enrolment: a new authenticator secret and its QR-code URI.
import { startTwoFactorEnrolment } from '@/lib/account/two-factor';
import { startTwoFactorEnrolmentOperation } from '@/lib/api/operations/account';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(startTwoFactorEnrolmentOperation, ({ actor, db }) =>
    startTwoFactorEnrolment(db, actor.userId),
  ),
});
