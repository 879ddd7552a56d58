// Serves GET /api/v2/support/withdrawals/awaiting-execution: approved withdrawals operations send from custody.

import { handle } from '@/lib/app/handle';
import { listWithdrawalsAwaitingExecutionOperation } from '@/lib/liquidity/contract/execution-operations';
import { listWithdrawalsAwaitingExecution } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listWithdrawalsAwaitingExecutionOperation, ({ db }) => listWithdrawalsAwaitingExecution(db)),
});
