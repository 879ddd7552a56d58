// Owns the minimal Next app's route for bench:api: the bare baseline's work (funding-baseline.ts) in a plain Next
// route handler, with no wrapper, so bench:api can tell what Next costs on its own for exactly this work.
import { answerFundingTransactions } from '@/bench/funding-baseline';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const answer = await answerFundingTransactions(
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
