// Owns the name of the session cookie, shared by next-auth's configuration and the API's session check.
/** Fixed (not next-auth's secure-prefixed default) so the API reads the same cookie behind any proxy. */
export const SESSION_COOKIE_NAME = 'payout.session-token';
