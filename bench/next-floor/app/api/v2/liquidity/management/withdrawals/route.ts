// Owns the minimal Next app's one real route: the bare baseline's work (withdrawals-baseline.ts) in a plain Next route
// handler, with no wrapper, so bench:liquidity can tell what Next costs on its own for exactly this work.
import { baselineRoute } from '@/bench/baseline-parts';
import { answerWithdrawals } from '@/bench/withdrawals-baseline';

export const dynamic = 'force-dynamic';

export const GET = baselineRoute(answerWithdrawals);
