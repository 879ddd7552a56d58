// Owns the benchmark's baseline: bare node:http serving GET /api/v2/funding/transactions with the app's own auth and query.
//
// It does the work of bench/funding-baseline.ts (the very library functions the Next wrapper calls), so the gap
// bench/api.ts measures is Next's own cost plus the wrapper's parsing and shaping.
// Run with `node --import tsx bench/bare-server.ts` and the app's env (DATABASE_URL, ENCRYPTION_KEY, DB_POOL_MAX…).
import type http from 'node:http';
import { sqlClient } from '@/db/client';
import { bareServer, sendJson } from './bare-http';
import { answerFundingTransactions, FUNDING_BASELINE_ROUTE } from './funding-baseline';

async function serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const uri = request.url ?? '/';
  const queryAt = uri.indexOf('?');
  const path = queryAt === -1 ? uri : uri.slice(0, queryAt);

  if (path === '/health') {
    await sqlClient()`select 1`;
    sendJson(response, 200, { status: 'ok' });
    return;
  }
  if (path !== FUNDING_BASELINE_ROUTE)
    return sendJson(response, 404, { statusCode: 404, message: 'Not found' });
  if (request.method !== 'GET')
    return sendJson(response, 405, { statusCode: 405, message: 'Method not allowed' });
  const apiKey = request.headers['x-api-key'];
  const answer = await answerFundingTransactions(
    uri,
    typeof apiKey === 'string' ? apiKey : null,
    request.headers.authorization ?? null,
  );
  sendJson(response, answer.status, answer.body, answer.headers);
}

const server = bareServer(serve, { statusCode: 500, message: 'Internal server error' });
const port = Number(process.env.PORT ?? 0);
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  process.stdout.write(`bare-server listening on 127.0.0.1:${bound}\n`);
});
