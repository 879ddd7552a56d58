// Serves GET /api/v2/support/withdrawals/needs-review: withdrawals the chain did not prove, for operations to settle.

import { handle } from '@/lib/app/handle';
import { listWithdrawalsNeedingReviewOperation } from '@/lib/liquidity/contract/execution-operations';
import { listWithdrawalsNeedingReview } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listWithdrawalsNeedingReviewOperation, ({ db }) => listWithdrawalsNeedingReview(db)),
});
