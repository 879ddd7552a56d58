// Serves POST /api/v2/support/organizations/{orgId}/withdrawals/{withdrawalId}/execution: operations record a
// withdrawal sent from custody (manual custody), which completes it.

import { handle } from '@/lib/app/handle';
import { recordWithdrawalExecutionOperation } from '@/lib/liquidity/contract/execution-operations';
import { recordWithdrawalExecution } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(recordWithdrawalExecutionOperation, ({ actor, db, params, body, requestId }) =>
    recordWithdrawalExecution(db, actor, params.orgId, params.withdrawalId, body, requestId),
  ),
});
