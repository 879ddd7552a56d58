// Owns who may read the metrics: a signed-in provider staff member, or a scraper presenting METRICS_TOKEN as a bearer
// token (compared in constant time; unset, no token is accepted).
import { createHash, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/platform/env';
import { sessionIdFromRequest, staffRoleOfRequest } from './session-auth';

export type MetricsAccess = 'granted' | 'no_credentials' | 'bad_token' | 'not_staff';

/** Compared as SHA-256 digests: equal lengths, so neither the token's length nor a matching prefix shows in the time. */
function tokenMatches(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * A bearer token decides alone (a scraper sends no cookie); without one, the session must be a staff member's.
 * `bad_token` and `no_credentials` are `unauthorized`, `not_staff` (a session, but not a staff member's, or ended)
 * `forbidden`.
 */
export async function metricsAccess(request: Request): Promise<MetricsAccess> {
  const authorization = request.headers.get('authorization');
  if (authorization !== null) {
    const match = /^Bearer ([^\s]+)$/i.exec(authorization.trim());
    const expected = env().METRICS_TOKEN;
    return match?.[1] && expected && tokenMatches(match[1], expected) ? 'granted' : 'bad_token';
  }
  if ((await sessionIdFromRequest(request)) === null) return 'no_credentials';
  const role = await staffRoleOfRequest(request).catch(() => null);
  return role ? 'granted' : 'not_staff';
}
