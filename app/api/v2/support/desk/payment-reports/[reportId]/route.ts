// Serves GET /api/v2/support/desk/payment-reports/{reportId}: what an applied report did, unmatched entries included.

import { handle } from '@/lib/app/handle';
import { getPaymentReportOperation } from '@/lib/payouts/contract/payment-file-operations';
import { getPaymentReport } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getPaymentReportOperation, ({ db, params }) => getPaymentReport(db, params.reportId)),
});
