// Owns the benchmark's baseline: bare node:http serving GET /api/v2/funding/transactions with the app's own auth and query.
//
// It calls the very library functions the Next wrapper calls (authenticateApiKey: key material cache, ES256 + bodyHash
// verification and the one revocation/rate-limit/last_used_at statement; listFundingTransactions: the page and its
// total in one statement), so the gap bench/api.ts measures is Next's own cost plus the wrapper's parsing and shaping.
// Run with `node --import tsx bench/bare-server.ts` and the app's env (DATABASE_URL, ENCRYPTION_KEY, DB_POOL_MAX…).
import http from 'node:http';
import { closeDb, db, sqlClient } from '@/db/client';
import { authenticateApiKey, verifyRequestBody } from '@/lib/auth/api-key-auth';
import { TokenRejected } from '@/lib/auth/api-token';
import { listFundingTransactions } from '@/lib/funding/transactions';
import { isLimited, rateLimitHeaders } from '@/lib/http/rate-limit';
import { newId } from '@/lib/ids';

const ROUTE = '/api/v2/funding/transactions';
const EMPTY_BODY = new Uint8Array(0);
const TOKEN_PATTERN = /^Bearer ([A-Za-z0-9_.-]+)$/;

function send(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(payload),
  });
  response.end(payload);
}

/** `limit` 1–100 (default 50), `page` ≥ 1 (default 1): the same bounds as the wrapper's zod schema, without zod. */
function pageParameter(value: string | null, fallback: number, max: number): number | null {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) return null;
  const parsed = Number(value);
  return parsed >= 1 && parsed <= max ? parsed : null;
}

async function serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const uri = request.url ?? '/';
  const queryAt = uri.indexOf('?');
  const path = queryAt === -1 ? uri : uri.slice(0, queryAt);

  if (path === '/health') {
    await sqlClient()`select 1`;
    send(response, 200, { status: 'ok' });
    return;
  }
  if (path !== ROUTE) return send(response, 404, { statusCode: 404, message: 'Not found' });
  if (request.method !== 'GET')
    return send(response, 405, { statusCode: 405, message: 'Method not allowed' });

  const requestId = newId();
  const apiKey = request.headers['x-api-key'];
  const token = TOKEN_PATTERN.exec(request.headers.authorization ?? '')?.[1];
  if (typeof apiKey !== 'string' || !token) {
    return send(response, 401, { statusCode: 401, message: 'Invalid or missing credentials' });
  }

  let authenticated: Awaited<ReturnType<typeof authenticateApiKey>>;
  try {
    authenticated = await authenticateApiKey({
      apiKey,
      token,
      uri,
      method: 'GET',
    });
    verifyRequestBody(authenticated, EMPTY_BODY);
  } catch (error) {
    if (error instanceof TokenRejected) {
      return send(response, 401, { statusCode: 401, message: 'Invalid or missing credentials' });
    }
    throw error;
  }
  const headers = { 'X-Request-Id': requestId, ...rateLimitHeaders(authenticated.rateLimit) };
  if (isLimited(authenticated.rateLimit)) {
    return send(response, 429, { statusCode: 429, message: 'Rate limit exceeded' }, headers);
  }
  if (!authenticated.actor.entitlements.includes('payouts')) {
    return send(response, 403, { statusCode: 403, message: 'Not entitled' }, headers);
  }

  const query = new URLSearchParams(queryAt === -1 ? '' : uri.slice(queryAt + 1));
  const limit = pageParameter(query.get('limit'), 50, 100);
  const page = pageParameter(query.get('page'), 1, Number.MAX_SAFE_INTEGER);
  if (limit === null || page === null) {
    return send(response, 422, { statusCode: 422, message: ['limit or page invalid'] }, headers);
  }
  const list = await listFundingTransactions(db(), authenticated.actor.orgId, { limit, page });
  send(response, 200, list, headers);
}

const server = http.createServer((request, response) => {
  // A GET has no body, but the request stream must still be drained for keep-alive to reuse the socket.
  request.resume();
  serve(request, response).catch((error: unknown) => {
    process.stderr.write(
      `bare-server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    if (!response.headersSent) send(response, 500, { statusCode: 500, message: 'Internal server error' });
    else response.destroy();
  });
});
const port = Number(process.env.PORT ?? 0);
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  process.stdout.write(`bare-server listening on 127.0.0.1:${bound}\n`);
});

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
