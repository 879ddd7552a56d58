// Serves POST /api/v2/support/desk/payment-files/{fileId}/cancel: a built file will not be sent; its orders are free.

import { handle } from '@/lib/app/handle';
import { cancelPaymentFileOperation } from '@/lib/payouts/contract/payment-file-operations';
import { cancelPaymentFile } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(cancelPaymentFileOperation, ({ actor, db, params }) =>
    cancelPaymentFile(db, actor, params.fileId),
  ),
});
