// Owns the work both of bench:api's baselines do for GET /api/v2/funding/transactions: the app's own authentication
// (key material cache, ES256 + bodyHash verification, the one revocation/rate-limit/last_used_at statement), the
// entitlement check and listFundingTransactions (the page and its total in one statement), with none of the
// wrapper around them. The bare node:http server (bare-server.ts) and the minimal Next app (next-floor/) both call
// this, so the two baselines differ only in the server that carries the request.
import '@/lib/app/register';
import { db } from '@/db/client';
import { listFundingTransactions } from '@/lib/funding/server';
import { isLimited, rateLimitHeaders } from '@/lib/platform/http/rate-limit';
import { newId } from '@/lib/platform/ids';
import { authenticateGet, type BaselineAnswer, pageParameter } from './baseline-parts';

export const FUNDING_BASELINE_ROUTE = '/api/v2/funding/transactions';

const unauthorized = { statusCode: 401, message: 'Invalid or missing credentials' };

/** Answers one signed GET of the funding transactions; `uri` is the path and query exactly as received. */
export async function answerFundingTransactions(
  uri: string,
  apiKey: string | null,
  authorization: string | null,
): Promise<BaselineAnswer> {
  const authenticated = await authenticateGet(uri, apiKey, authorization);
  if (!authenticated) return { status: 401, body: unauthorized, headers: {} };
  const headers = { 'X-Request-Id': newId(), ...rateLimitHeaders(authenticated.rateLimit) };
  if (isLimited(authenticated.rateLimit))
    return { status: 429, body: { statusCode: 429, message: 'Rate limit exceeded' }, headers };
  if (!authenticated.actor.entitlements.includes('payouts'))
    return { status: 403, body: { statusCode: 403, message: 'Not entitled' }, headers };

  const queryAt = uri.indexOf('?');
  const query = new URLSearchParams(queryAt === -1 ? '' : uri.slice(queryAt + 1));
  const limit = pageParameter(query.get('limit'), 50, 100);
  const page = pageParameter(query.get('page'), 1, Number.MAX_SAFE_INTEGER);
  if (limit === null || page === null) {
    return { status: 422, body: { statusCode: 422, message: ['limit or page invalid'] }, headers };
  }
  const list = await listFundingTransactions(db(), authenticated.actor.orgId, { limit, page });
  return { status: 200, body: list, headers };
}
