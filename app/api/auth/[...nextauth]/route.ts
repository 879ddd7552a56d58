// next-auth's sign-in, sign-out and session endpoints (the only unversioned API paths besides health).
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/next-auth-options';

export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: RouteContext): Promise<Response> {
  return NextAuth(request as never, context as never, authOptions());
}

export { handler as GET, handler as POST };
