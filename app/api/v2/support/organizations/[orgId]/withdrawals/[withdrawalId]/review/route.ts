// Serves POST /api/v2/support/organizations/{orgId}/withdrawals/{withdrawalId}/review: operations settle a withdrawal
// whose transfer on chain did not match (EVM custody): completed or failed.

import { handle } from '@/lib/app/handle';
import { reviewWithdrawalOperation } from '@/lib/liquidity/contract/execution-operations';
import { reviewWithdrawal } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(reviewWithdrawalOperation, ({ actor, db, params, body, requestId }) =>
    reviewWithdrawal(db, actor, params.orgId, params.withdrawalId, body, requestId),
  ),
});
