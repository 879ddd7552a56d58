// Owns the work both of bench:liquidity's baselines do for GET /api/v2/liquidity/management/withdrawals: the app's own
// authentication, rate limit, entitlement check and listWithdrawals query, with none of the wrapper around them.
// The bare node:http server (liquidity-bare-server.ts) and the minimal Next app (next-floor/) both call this, so the
// two baselines differ only in the server that carries the request.
import '@/lib/app/register';
import { db } from '@/db/client';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@/db/schema/liquidity';
import { listWithdrawals } from '@/lib/liquidity/server';
import { admitGet, type BaselineAnswer, type Refusals } from './baseline-parts';

export const BASELINE_ROUTE = '/api/v2/liquidity/management/withdrawals';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = { error: { type: 'validation_error', code: 'invalid_parameter', message: 'invalid query' } };
const REFUSALS: Refusals = {
  unauthorized: { error: { type: 'auth_error', code: 'invalid_token', message: 'Invalid credentials' } },
  limited: { error: { code: 'too_many_requests' } },
  forbidden: { error: { code: 'forbidden' } },
};

/** Answers one signed GET of the withdrawals list; `uri` is the path and query exactly as received. */
export async function answerWithdrawals(
  uri: string,
  apiKey: string | null,
  authorization: string | null,
): Promise<BaselineAnswer> {
  const admitted = await admitGet(uri, apiKey, authorization, 'liquidity_management', REFUSALS);
  if (admitted.refused) return admitted.refused;
  const { actor, headers, query, limit, page } = admitted;
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
  const list = await listWithdrawals(db(), actor.orgId, {
    limit,
    page,
    status: status as WithdrawalStatus | undefined,
    chainId,
  });
  return { status: 200, body: list, headers };
}
