// Serves POST /api/v2/support/organizations/{orgId}/liquidity/loans/{loanId}/repayments: record a repayment (lead).
import { recordSupportRepaymentOperation } from '@/lib/api/operations/support-liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { staffRecordRepayment } from '@/lib/support/liquidity';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(recordSupportRepaymentOperation, ({ actor, db, params, body }) =>
    staffRecordRepayment(db, actor, params.orgId, params.loanId, body),
  ),
});
