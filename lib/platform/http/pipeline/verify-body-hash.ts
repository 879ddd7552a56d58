// Owns the last check of authentication, made once the body has been read: a signed request's `bodyHash` covers
// exactly these bytes. A mismatch is refused like any other credential (log line, throttle, 401).
import type { Env } from '@/lib/platform/env';
import type { Exchange } from './exchange';
import type { Authentication, PipelineHooks } from './hooks';
import { refuseCredentials } from './refuse-credentials';

export async function verifyBodyHash<A extends Authentication>(
  hooks: PipelineHooks<A>,
  exchange: Exchange,
  authentication: A,
  rawBody: Uint8Array,
  config: Pick<Env, 'APP_ENV'>,
): Promise<void> {
  try {
    hooks.verifyRequestBody(authentication, rawBody);
  } catch (error) {
    const refused = hooks.credentialRefusalOf(error);
    if (!refused) throw error;
    throw await refuseCredentials(hooks, exchange.request, refused, exchange.requestId, config);
  }
}
