// next-auth's sign-in, sign-out and session endpoints (the only unversioned API paths besides health).
import NextAuth from 'next-auth';
// The composition root's registrations: signing out runs the other areas' sign-out hooks (support ends a view).
import '@/lib/app/register';
import { authOptions, clientAddress, publicAuthRetryAfter } from '@/lib/identity/server';
import { env } from '@/lib/platform/env';
import { requestIdFrom } from '@/lib/platform/http/request-id';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

/** A password sign-in attempt (the credentials provider's callback, or the sign-in endpoint that forwards to it). */
function isSignInAttempt(request: Request, segments: string[]): boolean {
  return request.method === 'POST' && (segments[0] === 'callback' || segments[0] === 'signin');
}

/**
 * Past the per-address limit: 429 with Retry-After, in the payouts envelope plus the `url` next-auth's client reads
 * its `error` from, so the sign-in form says why.
 */
function tooManySignIns(retryAfter: number, requestId: string): Response {
  const url = new URL('/login?error=rate_limited', env().APP_BASE_URL).toString();
  return Response.json(
    {
      statusCode: 429,
      code: 'too_many_requests',
      message: `Too many sign-in attempts from your address: retry in ${retryAfter} s`,
      url,
    },
    {
      status: 429,
      headers: { 'Retry-After': String(retryAfter), 'X-Request-Id': requestId, 'cache-control': 'no-store' },
    },
  );
}

async function handler(request: Request, context: RouteContext): Promise<Response> {
  const requestId = requestIdFrom(request.headers);
  const { nextauth } = await context.params;
  if (isSignInAttempt(request, nextauth)) {
    const retryAfter = await publicAuthRetryAfter('sign_in', clientAddress(request.headers));
    if (retryAfter !== null) return tooManySignIns(retryAfter, requestId);
  }
  const response: Response = await NextAuth(request as never, context as never, authOptions());
  // Every response of the service carries a request id, these included (redirect headers are immutable: copy).
  const withId = new Response(response.body, response);
  withId.headers.set('X-Request-Id', requestId);
  return withId;
}

// The other methods answer 405 with Allow, and OPTIONS names these two, like every API route.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: handler, POST: handler });
