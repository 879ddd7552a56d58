// Owns which client address a request is attributed to (for throttling failed authentication and sign-in).

/**
 * Under `npm start` the front (scripts/front.mjs) replaces X-Forwarded-For with the one address it established from
 * the socket or the TRUSTED_PROXY_HOPS proxies, so the right-most hop is never one a client chose. Values are only
 * used hashed (rate-limit buckets), so a long header cannot overflow anything.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for');
  const last = forwarded?.split(',').at(-1)?.trim();
  return last || 'unknown';
}
