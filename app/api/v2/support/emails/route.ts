// Serves GET /api/v2/support/emails: emails that failed or whose fate is unknown, for staff (no bodies), each
// organization on the page recorded as a staff read.

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { listEmailProblemsOperation } from '@/lib/support/contract/emails-operations';
import { listEmailProblems } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listEmailProblemsOperation, ({ actor, db, query, requestId }) =>
    listEmailProblems(db, actor, query, {
      operation: listEmailProblemsOperation.id,
      method: listEmailProblemsOperation.method,
      requestId,
    }),
  ),
});
