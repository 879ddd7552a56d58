// Owns the bounds on the application's database sessions, shared by its pool (db/client.ts) and the role defaults
// migrations give the app's role (db/migrate.ts), which is how they reach connections handed out by a transaction pooler.

/**
 * Bounds (milliseconds) on every statement, lock wait and idle transaction of the application's connections, all well under
 * the idempotency takeover age (120 s, lib/platform/http/idempotency.ts), so a request stuck in the database ends
 * (and rolls back) long before a retry may take its key over. Documented in docs/decisions/README.md.
 */
export const CONNECTION_TIMEOUTS = {
  statement_timeout: 15_000,
  lock_timeout: 10_000,
  idle_in_transaction_session_timeout: 15_000,
} as const;
