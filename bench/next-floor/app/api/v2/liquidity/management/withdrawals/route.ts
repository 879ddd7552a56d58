// Owns the minimal Next app's one real route: the bare baseline's work (withdrawals-baseline.ts) in a plain Next route
// handler, with no wrapper, so bench:liquidity can tell what Next costs on its own for exactly this work.
import { answerWithdrawals } from '@/bench/withdrawals-baseline';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const answer = await answerWithdrawals(
    `${url.pathname}${url.search}`,
    request.headers.get('x-api-key'),
    request.headers.get('authorization'),
  );
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: {
      ...answer.headers,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    },
  });
}
