// Serves /api/v2/support/desk/payment-files: build a payment file of orders to pay, and list the latest (operations).
// Building one reads its payees' bank details, so each organization in it gets a staff read in its access log.

import { handle } from '@/lib/app/handle';
import {
  buildPaymentFileOperation,
  listPaymentFilesOperation,
} from '@/lib/payouts/contract/payment-file-operations';
import { buildPaymentFile, listPaymentFiles } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';
import { readAcrossOrganizationsForStaff } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(buildPaymentFileOperation, async ({ actor, db, body, requestId }) => {
    const built = await readAcrossOrganizationsForStaff(
      db,
      actor,
      {
        resource: 'payment-file',
        operation: buildPaymentFileOperation.id,
        method: buildPaymentFileOperation.method,
        requestId,
      },
      (tx) => buildPaymentFile(tx, actor, body),
      (result) => result.orgIds,
    );
    return built.file;
  }),
  GET: handle(listPaymentFilesOperation, ({ db }) => listPaymentFiles(db)),
});
