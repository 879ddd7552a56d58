// Owns the work both of bench:liquidity's baselines do for GET /api/v2/liquidity/management/withdrawals: the app's own
// authentication, rate limit, entitlement check and listWithdrawals query, with none of the wrapper around them.
// The bare node:http server (liquidity-bare-server.ts) and the minimal Next app (next-floor/) both call this, so the
// two baselines differ only in the server that carries the request.
import '@/lib/app/register';
import { db } from '@/db/client';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@/db/schema/liquidity';
import { listWithdrawals } from '@/lib/liquidity/server';
import { isLimited, rateLimitHeaders } from '@/lib/platform/http/rate-limit';
import { newId } from '@/lib/platform/ids';
import { authenticateGet, type BaselineAnswer, pageParameter } from './baseline-parts';

export const BASELINE_ROUTE = '/api/v2/liquidity/management/withdrawals';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = { error: { type: 'validation_error', code: 'invalid_parameter', message: 'invalid query' } };
const unauthorized = { error: { type: 'auth_error', code: 'invalid_token', message: 'Invalid credentials' } };

/** Answers one signed GET of the withdrawals list; `uri` is the path and query exactly as received. */
export async function answerWithdrawals(
  uri: string,
  apiKey: string | null,
  authorization: string | null,
): Promise<BaselineAnswer> {
  const authenticated = await authenticateGet(uri, apiKey, authorization);
  if (!authenticated) return { status: 401, body: unauthorized, headers: {} };
  const headers = { 'X-Request-Id': newId(), ...rateLimitHeaders(authenticated.rateLimit) };
  if (isLimited(authenticated.rateLimit))
    return { status: 429, body: { error: { code: 'too_many_requests' } }, headers };
  if (!authenticated.actor.entitlements.includes('liquidity_management'))
    return { status: 403, body: { error: { code: 'forbidden' } }, headers };

  const queryAt = uri.indexOf('?');
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
    return { status: 422, body: invalid, headers };
  }
  const list = await listWithdrawals(db(), authenticated.actor.orgId, {
    limit,
    page,
    status: status as WithdrawalStatus | undefined,
    chainId,
  });
  return { status: 200, body: list, headers };
}
