// Serves POST /api/v2/support/emails/{emailId}/resolve: closes a failed or unknown email with a note (staff, audited).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { resolveEmailProblemOperation } from '@/lib/support/contract/emails-operations';
import { resolveEmailProblem } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(resolveEmailProblemOperation, ({ actor, db, params, body }) =>
    resolveEmailProblem(db, actor, params.emailId, body),
  ),
});
