// Owns telling "the database cannot be reached right now" apart from every other failure: a restart, a failover or
// a pooler refusing logins is transient (the caller may retry), a failing statement is not.

/** postgres.js's own codes for a connection that never opened or went away. */
const DRIVER_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/** The operating system's, for a server that is not listening (yet) or dropped the socket. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * PostgreSQL's: class 08 (connection exception; PgBouncer refuses with 08P01, "server login has been failing" or
 * "query_wait_timeout"), 57P01–57P03 (shutting down, crashed, starting up) and 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
  );
}

/** Whether `error`, or what it wraps (Drizzle wraps the driver's error in `cause`), says the database is away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  // fetch's failures ("fetch failed", a TypeError whose cause carries ECONNREFUSED) are an outside service's.
  if (error instanceof TypeError) return false;
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (DRIVER_CODES.has(code) || SOCKET_CODES.has(code)) return true;
      if (current.name === 'PostgresError' && isUnavailableSqlState(code)) return true;
    }
    current = current.cause;
  }
  return false;
}
