// Serves POST /api/v2/support/desk/payment-files/{fileId}/sent: the file went to the bank; its orders are in flight.

import { handle } from '@/lib/app/handle';
import { markPaymentFileSentOperation } from '@/lib/payouts/contract/payment-file-operations';
import { markPaymentFileSent } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(markPaymentFileSentOperation, ({ actor, db, params, requestId }) =>
    markPaymentFileSent(db, actor, params.fileId, requestId),
  ),
});
