// Next's request proxy (the former middleware), for pages only: gives each page response a fresh CSP nonce (Next reads
// it from the request's policy header and puts it on its scripts) and the security headers. /api/ is outside the
// matcher, so API routes answer exactly as before.
import { type NextRequest, NextResponse } from 'next/server';
import { env } from '@/lib/platform/env';
import { contentSecurityPolicy, newNonce, pageSecurityHeaders } from '@/lib/platform/http/security-headers';

export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const https = env().APP_BASE_URL.startsWith('https://');
  const policy = contentSecurityPolicy({ nonce, https, dev: process.env.NODE_ENV === 'development' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  for (const [name, value] of Object.entries(pageSecurityHeaders({ https })))
    response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    {
      // Everything but the API, Next's static files and image optimizer, and the favicon.
      source: '/((?!api/|api$|_next/static|_next/image|favicon.ico).*)',
      // Prefetches are not documents: no policy needed, and they would spend a nonce for nothing.
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
