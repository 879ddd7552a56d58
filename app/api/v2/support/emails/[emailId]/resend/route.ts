// Serves POST /api/v2/support/emails/{emailId}/resend: a fresh copy of a failed or unknown email (staff, audited).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { resendEmailProblemOperation } from '@/lib/support/contract/emails-operations';
import { resendEmailProblem } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(resendEmailProblemOperation, ({ actor, db, params }) =>
    resendEmailProblem(db, actor, params.emailId),
  ),
});
