// Owns which client address a request is attributed to (for throttling failed authentication).

/**
 * The right-most X-Forwarded-For hop is the one our own server (or the load balancer in front of it)
 * added, so a client cannot choose it by sending its own header.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for');
  const last = forwarded?.split(',').at(-1)?.trim();
  return last || headers.get('x-real-ip') || 'unknown';
}
