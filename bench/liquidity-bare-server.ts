// Owns bench:liquidity's bare baseline: node:http serving GET /api/v2/liquidity/management/withdrawals through
// withdrawals-baseline.ts (the app's own authentication and listWithdrawals query, nothing else), so bench/liquidity.ts
// measures what Next and our wrapper add. GET /api/health answers too, for the bench's readiness check.
// Run with `node --import tsx bench/liquidity-bare-server.ts` and the app's env (DATABASE_URL, ENCRYPTION_KEY, …).
import type http from 'node:http';
import { checkHealth } from '@/lib/platform/health/check-health';
import { bareServer, sendJson } from './bare-http';
import { answerWithdrawals, BASELINE_ROUTE } from './withdrawals-baseline';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null);

async function serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const uri = request.url ?? '/';
  const queryAt = uri.indexOf('?');
  const path = queryAt === -1 ? uri : uri.slice(0, queryAt);
  if (path === '/api/health') {
    const report = await checkHealth();
    return sendJson(response, report.status === 'ok' ? 200 : 503, { status: report.status });
  }
  if (path !== BASELINE_ROUTE || request.method !== 'GET')
    return sendJson(response, 404, { error: { code: 'resource_not_found' } });
  const answer = await answerWithdrawals(
    uri,
    header(request.headers['x-api-key']),
    header(request.headers.authorization),
  );
  sendJson(response, answer.status, answer.body, answer.headers);
}

const server = bareServer(serve, { error: { code: 'internal_error' } });
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
