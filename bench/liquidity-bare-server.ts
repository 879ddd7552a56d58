// Owns bench:liquidity's bare baseline: node:http serving GET /api/v2/liquidity/management/withdrawals through
// withdrawals-baseline.ts (the app's own authentication and listWithdrawals query, nothing else), so bench/liquidity.ts
// measures what Next and our wrapper add. GET /api/health answers too, for the bench's readiness check.
// Run with `node --import tsx bench/liquidity-bare-server.ts` and the app's env (DATABASE_URL, ENCRYPTION_KEY, …).
import http from 'node:http';
import { closeDb } from '@/db/client';
import { checkHealth } from '@/lib/platform/health/check-health';
import { answerWithdrawals, BASELINE_ROUTE } from './withdrawals-baseline';

function send(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(payload),
  });
  response.end(payload);
}

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : null);

async function serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const uri = request.url ?? '/';
  const queryAt = uri.indexOf('?');
  const path = queryAt === -1 ? uri : uri.slice(0, queryAt);
  if (path === '/api/health') {
    const report = await checkHealth();
    return send(response, report.status === 'ok' ? 200 : 503, { status: report.status });
  }
  if (path !== BASELINE_ROUTE || request.method !== 'GET')
    return send(response, 404, { error: { code: 'resource_not_found' } });
  const answer = await answerWithdrawals(
    uri,
    header(request.headers['x-api-key']),
    header(request.headers.authorization),
  );
  send(response, answer.status, answer.body, answer.headers);
}

const server = http.createServer((request, response) => {
  request.resume();
  serve(request, response).catch((error: unknown) => {
    process.stderr.write(
      `bare-server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    if (!response.headersSent) send(response, 500, { error: { code: 'internal_error' } });
    else response.destroy();
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    void closeDb().finally(() => process.exit(0));
  });
}
