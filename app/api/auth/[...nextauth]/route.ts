// next-auth's sign-in, sign-out and session endpoints (the only unversioned API paths besides health).
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/next-auth-options';
import { requestIdFrom } from '@/lib/http/request-id';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: RouteContext): Promise<Response> {
  const response: Response = await NextAuth(request as never, context as never, authOptions());
  // Every response of the service carries a request id, these included (redirect headers are immutable: copy).
  const withId = new Response(response.body, response);
  withId.headers.set('X-Request-Id', requestIdFrom(request.headers));
  return withId;
}

// The other methods answer 405 with Allow, and OPTIONS names these two, like every API route.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: handler, POST: handler });
