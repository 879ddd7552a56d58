// Serves GET /api/v2/support/desk/payment-files/{fileId}/content: the file as built (operations); a staff read of
// each organization whose payees it holds.

import { handle } from '@/lib/app/handle';
import { downloadPaymentFileOperation } from '@/lib/payouts/contract/payment-file-operations';
import { downloadPaymentFile } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';
import { readAcrossOrganizationsForStaff } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(downloadPaymentFileOperation, async ({ actor, db, params, requestId }) => {
    const file = await readAcrossOrganizationsForStaff(
      db,
      actor,
      {
        resource: `payment-file/${params.fileId}`,
        operation: downloadPaymentFileOperation.id,
        method: downloadPaymentFileOperation.method,
        requestId,
      },
      (tx) => downloadPaymentFile(tx, params.fileId),
      (result) => result.orgIds,
    );
    return file.body;
  }),
});
