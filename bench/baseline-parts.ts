// Owns what both benchmark baselines (bench/funding-baseline.ts, bench/withdrawals-baseline.ts) share: their answer's
// shape, the app's checks of a signed GET in the wrapper's order, the bearer token's syntax, the page parameters
// without zod, and the Next route that carries a baseline in the minimal Next app (bench/next-floor).

export interface BaselineAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

import '@/lib/app/register';
import { authenticateApiKey, TokenRejected, verifyRequestBody } from '@/lib/identity/server';
import type { Entitlement } from '@/lib/platform/actor/entitlements';
import { isLimited, rateLimitHeaders } from '@/lib/platform/http/rate-limit';
import { newId } from '@/lib/platform/ids';

/** A GET signs an empty body. */
const EMPTY_BODY = new Uint8Array(0);

/** The app's own authentication of a signed GET, as the wrapper runs it; null when the credentials are refused. */
async function authenticateGet(
  uri: string,
  apiKey: string | null,
  authorization: string | null,
): Promise<Awaited<ReturnType<typeof authenticateApiKey>> | null> {
  const token = bearerToken(authorization);
  if (!apiKey || !token) return null;
  try {
    const authenticated = await authenticateApiKey({ apiKey, token, uri, method: 'GET' });
    verifyRequestBody(authenticated, EMPTY_BODY);
    return authenticated;
  } catch (error) {
    if (error instanceof TokenRejected) return null;
    throw error;
  }
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
function bearerToken(authorization: string | null): string | undefined {
  return /^Bearer ([A-Za-z0-9_.-]+)$/.exec(authorization ?? '')?.[1];
}

/** The bodies a baseline answers the app's refusals with, in the envelope of the API it stands beside. */
export interface Refusals {
  unauthorized: unknown;
  limited: unknown;
  forbidden: unknown;
}

/**
 * The wrapper's checks of a signed GET, in its order — credentials (401), rate limit (429), `entitlement` (403) —
 * answering a refusal; else the caller, the headers every answer carries, and the query with its page parameters.
 */
export async function admitGet(
  uri: string,
  apiKey: string | null,
  authorization: string | null,
  entitlement: Entitlement,
  refusals: Refusals,
) {
  const authenticated = await authenticateGet(uri, apiKey, authorization);
  if (!authenticated) return { refused: { status: 401, body: refusals.unauthorized, headers: {} } };
  const headers = { 'X-Request-Id': newId(), ...rateLimitHeaders(authenticated.rateLimit) };
  if (isLimited(authenticated.rateLimit))
    return { refused: { status: 429, body: refusals.limited, headers } };
  if (!authenticated.actor.entitlements.includes(entitlement))
    return { refused: { status: 403, body: refusals.forbidden, headers } };
  const queryAt = uri.indexOf('?');
  const query = new URLSearchParams(queryAt === -1 ? '' : uri.slice(queryAt + 1));
  return {
    actor: authenticated.actor,
    headers,
    query,
    limit: pageParameter(query.get('limit'), 50, 100),
    page: pageParameter(query.get('page'), 1, Number.MAX_SAFE_INTEGER),
  };
}

/** `limit` 1–100 / `page` ≥ 1 with a default when absent: the same bounds as the wrapper's zod schema. */
function pageParameter(value: string | null, fallback: number, max: number): number | null {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) return null;
  const parsed = Number(value);
  return parsed >= 1 && parsed <= max ? parsed : null;
}

type Baseline = (uri: string, apiKey: string | null, authorization: string | null) => Promise<BaselineAnswer>;

/** A plain Next route handler (no wrapper) answering with a baseline, as the minimal Next app serves it. */
export function baselineRoute(answer: Baseline): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const result = await answer(
      `${url.pathname}${url.search}`,
      request.headers.get('x-api-key'),
      request.headers.get('authorization'),
    );
    return new Response(JSON.stringify(result.body), {
      status: result.status,
      headers: {
        ...result.headers,
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      },
    });
  };
}
