// Serves POST /api/v2/support/organizations/{orgId}/liquidity/loans: extend a loan (support lead).
import { createSupportLoanOperation } from '@/lib/api/operations/support-liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { staffCreateLoan } from '@/lib/support/liquidity';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(createSupportLoanOperation, ({ actor, db, params, body }) =>
    staffCreateLoan(db, actor, params.orgId, body),
  ),
});
