// Owns bench:liquidity's baseline: bare node:http serving GET /api/v2/liquidity/management/withdrawals with the app's
// own authentication and the same listWithdrawals query, so bench/liquidity.ts measures Next's and the wrapper's cost;
// and GET /api/health with the app's own checkHealth, so the same run measures what Next adds to a route that does
// almost nothing (its per-request floor).
// Run with `node --import tsx bench/liquidity-bare-server.ts` and the app's env (DATABASE_URL, ENCRYPTION_KEY, …).
import http from 'node:http';
import { closeDb, db } from '@/db/client';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@/db/schema/liquidity';
import { authenticateApiKey } from '@/lib/auth/api-key-auth';
import { TokenRejected } from '@/lib/auth/api-token';
import { checkHealth } from '@/lib/health/check-health';
import { isLimited, rateLimitHeaders } from '@/lib/http/rate-limit';
import { newId } from '@/lib/ids';
import { listWithdrawals } from '@/lib/liquidity/withdrawals';

const ROUTE = '/api/v2/liquidity/management/withdrawals';
const EMPTY_BODY = new Uint8Array(0);
const TOKEN_PATTERN = /^Bearer ([A-Za-z0-9_.-]+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

function pageParameter(value: string | null, fallback: number, max: number): number | null {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) return null;
  const parsed = Number(value);
  return parsed >= 1 && parsed <= max ? parsed : null;
}

const invalid = { error: { type: 'validation_error', code: 'invalid_parameter', message: 'invalid query' } };
const unauthorized = { error: { type: 'auth_error', code: 'invalid_token', message: 'Invalid credentials' } };

async function serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const uri = request.url ?? '/';
  const queryAt = uri.indexOf('?');
  const path = queryAt === -1 ? uri : uri.slice(0, queryAt);
  if (path === '/api/health') {
    // What the app's route answers an anonymous caller, after the same two queries.
    const report = await checkHealth();
    return send(response, report.status === 'ok' ? 200 : 503, { status: report.status });
  }
  if (path !== ROUTE || request.method !== 'GET')
    return send(response, 404, { error: { code: 'resource_not_found' } });

  const apiKey = request.headers['x-api-key'];
  const token = TOKEN_PATTERN.exec(request.headers.authorization ?? '')?.[1];
  if (typeof apiKey !== 'string' || !token) return send(response, 401, unauthorized);
  let authenticated: Awaited<ReturnType<typeof authenticateApiKey>>;
  try {
    authenticated = await authenticateApiKey({
      apiKey,
      token,
      uri,
      rawBody: EMPTY_BODY,
      stateChanging: false,
    });
  } catch (error) {
    if (error instanceof TokenRejected) return send(response, 401, unauthorized);
    throw error;
  }
  const headers = { 'X-Request-Id': newId(), ...rateLimitHeaders(authenticated.rateLimit) };
  if (isLimited(authenticated.rateLimit))
    return send(response, 429, { error: { code: 'too_many_requests' } }, headers);
  if (!authenticated.actor.entitlements.includes('liquidity_management')) {
    return send(response, 403, { error: { code: 'forbidden' } }, headers);
  }

  const query = new URLSearchParams(queryAt === -1 ? '' : uri.slice(queryAt + 1));
  const limit = pageParameter(query.get('limit'), 50, 100);
  const page = pageParameter(query.get('page'), 1, Number.MAX_SAFE_INTEGER);
  const status = query.get('status') ?? undefined;
  const chainId = query.get('chainId') ?? undefined;
  if (
    limit === null ||
    page === null ||
    (status !== undefined && !(WITHDRAWAL_STATUSES as readonly string[]).includes(status)) ||
    (chainId !== undefined && !UUID.test(chainId))
  ) {
    return send(response, 422, invalid, headers);
  }
  const list = await listWithdrawals(db(), authenticated.actor.orgId, {
    limit,
    page,
    status: status as WithdrawalStatus | undefined,
    chainId,
  });
  send(response, 200, list, headers);
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
