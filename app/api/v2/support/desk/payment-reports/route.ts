// Serves POST /api/v2/support/desk/payment-reports: apply the bank's report (pain.002, camt.054 or CSV; multipart,
// part `file`) at the payouts desk (operations, four eyes).

import { handle } from '@/lib/app/handle';
import { applyPaymentReportOperation } from '@/lib/payouts/contract/payment-file-operations';
import { applyPaymentReport } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(applyPaymentReportOperation, ({ actor, db, files, requestId }) =>
    applyPaymentReport(db, actor, files.file, requestId),
  ),
});
