// Owns choosing and running the authentication of a request: API key + signed token, else the browser session;
// and, once the body has been read, checking it against the token (DESIGN "The request pipeline").

import type { Authenticated } from '@/lib/identity/server';
import {
  authenticateApiKey,
  authenticateSession,
  clientAddress,
  sessionIdFromRequest,
  TokenRejected,
  verifyRequestBody,
} from '@/lib/identity/server';
import { env } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { log } from '@/lib/platform/log';
import { STATE_CHANGING_METHODS } from '@/lib/platform/operations/operation';
import { countAuthFailure, isLimited, rateLimitHeaders } from './rate-limit';
import { credentialsRefused } from './refusals';
import { HttpRefusal } from './render-error';

export interface RequestCredentials {
  request: Request;
  /** The request target the token must name (lib/platform/http/raw-target.ts). */
  uri: string;
  /** False when the server's raw target is not the request Next routed. */
  uriTrusted: boolean;
  requestId: string;
}

/**
 * Everything but the body. When `x-api-key` or `Authorization` is present only they count: a bad token is 401,
 * never a fallback to the cookie. Production answers every refusal with the same 401; the sandbox adds why.
 */
export async function authenticate(input: RequestCredentials): Promise<Authenticated> {
  const { request } = input;
  const stateChanging = STATE_CHANGING_METHODS.has(request.method);
  try {
    const apiKey = request.headers.get('x-api-key');
    const authorization = request.headers.get('authorization');
    if (apiKey !== null || authorization !== null) {
      const token = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(authorization ?? '')?.[1];
      if (!apiKey || !token) {
        throw new TokenRejected('missing x-api-key or bearer token', 'credentials_incomplete');
      }
      return await authenticateApiKey({
        apiKey,
        token,
        uri: input.uri,
        uriTrusted: input.uriTrusted,
        method: request.method,
      });
    }
    const sessionId = await sessionIdFromRequest(request);
    if (!sessionId) throw new TokenRejected('no credentials');
    if (stateChanging) assertSameOrigin(request);
    return await authenticateSession(sessionId);
  } catch (error) {
    if (!(error instanceof TokenRejected)) throw error;
    throw await refusal(request, error, input.requestId);
  }
}

/** The last step of authentication, after the body was read: a signed request's bodyHash covers these bytes. */
export async function verifyBody(
  input: Pick<RequestCredentials, 'request' | 'requestId'>,
  authenticated: Authenticated,
  rawBody: Uint8Array,
): Promise<void> {
  try {
    verifyRequestBody(authenticated, rawBody);
  } catch (error) {
    if (!(error instanceof TokenRejected)) throw error;
    throw await refusal(input.request, error, input.requestId);
  }
}

async function refusal(request: Request, error: TokenRejected, requestId: string): Promise<ApiError> {
  const address = clientAddress(request.headers);
  // The address is only ever used hashed; the log gets a bounded prefix of it.
  log('info', 'authentication refused', {
    request_id: requestId,
    reason: error.reason,
    compared_uri: error.comparedUri,
    client: address.slice(0, 64),
  });
  const failures = await countAuthFailure(address);
  if (isLimited(failures)) {
    return new HttpRefusal('rate_limited', 'Too many failed authentication attempts', {
      headers: rateLimitHeaders(failures),
    });
  }
  // Like Stripe's test mode, the sandbox says which check failed; production gives no hint.
  const explain = error.code !== undefined && env().APP_ENV === 'sandbox';
  return credentialsRefused(explain ? { reason: error.code!, comparedUri: error.comparedUri } : undefined);
}

/** A state-changing browser request must come from our own pages (CSRF defence on top of SameSite cookies). */
function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (origin) {
    // Only the configured origin: the Host header and the request URL are what the client says they are.
    if (origin === new URL(env().APP_BASE_URL).origin) return;
  } else if (request.headers.get('sec-fetch-site') === 'same-origin') {
    return;
  }
  throw new ApiError('forbidden', 'Cross-origin requests are not allowed');
}
