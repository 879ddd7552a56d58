// Owns the work both of bench:api's baselines do for GET /api/v2/funding/transactions: the app's own authentication
// (key material cache, ES256 + bodyHash verification, the one revocation/rate-limit/last_used_at statement), the
// entitlement check and listFundingTransactions (the page and its total in one statement), with none of the
// wrapper around them. The bare node:http server (bare-server.ts) and the minimal Next app (next-floor/) both call
// this, so the two baselines differ only in the server that carries the request.
import '@/lib/app/register';
import { db } from '@/db/client';
import { listFundingTransactions } from '@/lib/funding/server';
import { admitGet, type BaselineAnswer, type Refusals } from './baseline-parts';

export const FUNDING_BASELINE_ROUTE = '/api/v2/funding/transactions';

const REFUSALS: Refusals = {
  unauthorized: { statusCode: 401, message: 'Invalid or missing credentials' },
  limited: { statusCode: 429, message: 'Rate limit exceeded' },
  forbidden: { statusCode: 403, message: 'Not entitled' },
};

/** Answers one signed GET of the funding transactions; `uri` is the path and query exactly as received. */
export async function answerFundingTransactions(
  uri: string,
  apiKey: string | null,
  authorization: string | null,
): Promise<BaselineAnswer> {
  const admitted = await admitGet(uri, apiKey, authorization, 'payouts', REFUSALS);
  if (admitted.refused) return admitted.refused;
  const { actor, headers, limit, page } = admitted;
  if (limit === null || page === null) {
    return { status: 422, body: { statusCode: 422, message: ['limit or page invalid'] }, headers };
  }
  const list = await listFundingTransactions(db(), actor.orgId, { limit, page });
  return { status: 200, body: list, headers };
}
