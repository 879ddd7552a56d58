// Serves POST /api/v2/support/organizations/{orgId}/liquidity/loans: extend a loan (support lead).

import { handle } from '@/lib/app/handle';
import { createSupportLoanOperation } from '@/lib/liquidity/contract/support-operations';
import { staffCreateLoan } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(createSupportLoanOperation, ({ actor, db, params, body }) =>
    staffCreateLoan(db, actor, params.orgId, body),
  ),
});
