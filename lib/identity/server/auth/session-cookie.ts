// Owns the name of the session cookie, shared by next-auth's configuration and the API's session check.

/** Over plain http (local development, the sandbox on localhost) the cookie has this fixed name. */
export const SESSION_COOKIE_NAME = 'payout.session-token';
/**
 * Over https the `__Host-` prefix: browsers accept such a cookie only if it is Secure, has Path=/ and no Domain, so a
 * sibling subdomain or a plain-http page cannot plant or overwrite a session cookie.
 */
export const SECURE_SESSION_COOKIE_NAME = `__Host-${SESSION_COOKIE_NAME}`;

/** The session cookie's name for an app served at `appBaseUrl`. */
export function sessionCookieName(appBaseUrl: string): string {
  return appBaseUrl.startsWith('https://') ? SECURE_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME;
}
