// Owns the minimal Next app's route for bench:api: the bare baseline's work (funding-baseline.ts) in a plain Next
// route handler, with no wrapper, so bench:api can tell what Next costs on its own for exactly this work.
import { baselineRoute } from '@/bench/baseline-parts';
import { answerFundingTransactions } from '@/bench/funding-baseline';

export const dynamic = 'force-dynamic';

export const GET = baselineRoute(answerFundingTransactions);
