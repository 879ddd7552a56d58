// Owns authenticating a request without its body (DESIGN "The request pipeline"): API key + signed token, else the
// browser session — then the one statement's rate limit, answered in X-RateLimit-* (429 once over it). When
// `x-api-key` or `Authorization` is present only they count: a bad token is 401, never a fallback to the cookie.
import type { Env } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type Operation, STATE_CHANGING_METHODS } from '@/lib/platform/operations/operation';
import { isLimited, rateLimitHeaders } from '../rate-limit';
import { signedUriOf } from '../raw-target';
import { type RefusalContext, refuse } from '../refusals';
import type { Exchange } from './exchange';
import type { Authentication, PipelineHooks } from './hooks';
import { refuseCredentials } from './refuse-credentials';

/** Authenticates the request and sets its actor; the caller reads the body only after this returned. */
export async function authenticateRequest<A extends Authentication>(
  hooks: PipelineHooks<A>,
  operation: Operation,
  exchange: Exchange,
  config: Pick<Env, 'APP_ENV' | 'APP_BASE_URL'>,
  context: RefusalContext,
): Promise<A> {
  const signed = signedUriOf(exchange.request.headers, exchange.url);
  const authentication = await authenticateCredentials(hooks, exchange, signed, config);
  exchange.actor = authentication.actor;
  for (const [name, value] of Object.entries(rateLimitHeaders(authentication.rateLimit)))
    exchange.headers.set(name, value);
  if (isLimited(authentication.rateLimit)) throw refuse('rate_limited', operation, context);
  return authentication;
}

/** Everything but the body. Production answers every refusal with the same 401; the sandbox adds why. */
async function authenticateCredentials<A extends Authentication>(
  hooks: PipelineHooks<A>,
  { request, requestId }: Exchange,
  signed: { uri: string; trusted: boolean },
  config: Pick<Env, 'APP_ENV' | 'APP_BASE_URL'>,
): Promise<A> {
  try {
    const apiKey = request.headers.get('x-api-key');
    const authorization = request.headers.get('authorization');
    if (apiKey !== null || authorization !== null) {
      const token = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(authorization ?? '')?.[1];
      if (!apiKey || !token) {
        const incomplete = { reason: 'missing x-api-key or bearer token', code: 'credentials_incomplete' };
        throw await refuseCredentials(hooks, request, incomplete, requestId, config);
      }
      return await hooks.authenticateKey({
        apiKey,
        token,
        uri: signed.uri,
        uriTrusted: signed.trusted,
        method: request.method,
      });
    }
    const sessionId = await hooks.sessionIdOf(request);
    if (!sessionId)
      throw await refuseCredentials(hooks, request, { reason: 'no credentials' }, requestId, config);
    if (STATE_CHANGING_METHODS.has(request.method)) assertSameOrigin(request, config);
    return await hooks.authenticateSession(sessionId);
  } catch (error) {
    const refused = hooks.credentialRefusalOf(error);
    if (!refused) throw error;
    throw await refuseCredentials(hooks, request, refused, requestId, config);
  }
}

/** A state-changing browser request must come from our own pages (CSRF defence on top of SameSite cookies). */
function assertSameOrigin(request: Request, config: Pick<Env, 'APP_BASE_URL'>): void {
  const origin = request.headers.get('origin');
  if (origin) {
    // Only the configured origin: the Host header and the request URL are what the client says they are.
    if (origin === new URL(config.APP_BASE_URL).origin) return;
  } else if (request.headers.get('sec-fetch-site') === 'same-origin') {
    return;
  }
  throw new ApiError('forbidden', 'Cross-origin requests are not allowed');
}
