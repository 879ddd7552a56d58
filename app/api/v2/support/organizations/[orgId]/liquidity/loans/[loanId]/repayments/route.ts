// Serves POST /api/v2/support/organizations/{orgId}/liquidity/loans/{loanId}/repayments: record a repayment (lead).

import { handle } from '@/lib/app/handle';
import { recordSupportRepaymentOperation } from '@/lib/liquidity/contract/support-operations';
import { staffRecordRepayment } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(recordSupportRepaymentOperation, ({ actor, db, params, body }) =>
    staffRecordRepayment(db, actor, params.orgId, params.loanId, body),
  ),
});
