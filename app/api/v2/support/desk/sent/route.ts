// Serves POST /api/v2/support/desk/sent: mark orders sent from the bank (operations).

import { handle } from '@/lib/app/handle';
import { markOrdersSentOperation } from '@/lib/payouts/contract/desk-operations';
import { markOrdersSent } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(markOrdersSentOperation, ({ actor, db, body, requestId }) =>
    markOrdersSent(db, actor, body, requestId),
  ),
});
