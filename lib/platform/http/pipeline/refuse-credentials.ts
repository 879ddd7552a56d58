// Owns what refused credentials answer, wherever they were refused (the token, the one statement or the body hash):
// one log line, the failed-authentication throttle of the client's address (429 once over it), else the same 401 —
// which in the sandbox names the check that failed.
import type { Env } from '@/lib/platform/env';
import type { ApiError } from '@/lib/platform/errors/api-error';
import { log } from '@/lib/platform/log';
import { countAuthFailure, isLimited, rateLimitHeaders } from '../rate-limit';
import { credentialsRefused } from '../refusals';
import { HttpRefusal } from '../render-error';
import type { CredentialRefusal, PipelineHooks } from './hooks';

export async function refuseCredentials(
  hooks: Pick<PipelineHooks, 'clientAddress'>,
  request: Request,
  refused: CredentialRefusal,
  requestId: string,
  config: Pick<Env, 'APP_ENV'>,
): Promise<ApiError> {
  const address = hooks.clientAddress(request.headers);
  // The address is only ever used hashed; the log gets a bounded prefix of it.
  log('info', 'authentication refused', {
    request_id: requestId,
    reason: refused.reason,
    compared_uri: refused.comparedUri,
    client: address.slice(0, 64),
  });
  const failures = await countAuthFailure(address);
  if (isLimited(failures)) {
    return new HttpRefusal('rate_limited', 'Too many failed authentication attempts', {
      headers: rateLimitHeaders(failures),
    });
  }
  // Like Stripe's test mode, the sandbox says which check failed; production gives no hint.
  const explain = refused.code !== undefined && config.APP_ENV === 'sandbox';
  return credentialsRefused(
    explain ? { reason: refused.code!, comparedUri: refused.comparedUri } : undefined,
  );
}
