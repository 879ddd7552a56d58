// Owns what a failed statement's error carries: Drizzle's DrizzleQueryError says `Failed query: <sql>\nparams: <values>`,
// and the values (emails, names, hashes, ciphertexts) then reach every log that prints the error — ours, Next's,
// graphile-worker's. The statement alone is kept: it says what failed, the cause keeps PostgreSQL's code and message
// (its detail, which repeats the row's values, is no longer printed with it).
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';

type QueryWithCache = (this: unknown, ...args: unknown[]) => Promise<unknown>;
const prototype = PgPreparedQuery.prototype as unknown as {
  queryWithCache: QueryWithCache & { withoutParams?: true };
};

/** Rewrites a DrizzleQueryError in place: its message and stack name the statement, not its parameters. */
export function withoutParams(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const before = error.message;
  const after = `Failed query: ${error.query}`;
  if (before === after) return error;
  error.message = after;
  if (typeof error.stack === 'string') error.stack = error.stack.replace(before, after);
  // Kept for a debugger, but out of util.inspect / console.error (which print enumerable properties).
  Object.defineProperty(error, 'params', { value: error.params, enumerable: false });
  // PostgreSQL echoes values too: a constraint's detail is "Failing row contains (…)" or "Key (email)=(…) already
  // exists". Hidden the same way; code, constraint, table and column stay.
  const cause: unknown = error.cause;
  if (cause instanceof Error && Object.hasOwn(cause, 'detail')) {
    Object.defineProperty(cause, 'detail', {
      value: (cause as { detail?: unknown }).detail,
      enumerable: false,
    });
  }
  return error;
}

/**
 * Every statement runs through PgPreparedQuery#queryWithCache, the one place that creates a DrizzleQueryError
 * (drizzle-orm 0.45); it is wrapped once per process. test: db/query-errors.integration.test.ts proves it on a real
 * failing statement, so a Drizzle upgrade that moves the throw fails that test rather than leaking again.
 */
export function dropParamsFromQueryErrors(): void {
  const original = prototype.queryWithCache;
  if (original.withoutParams) return;
  const wrapped: QueryWithCache & { withoutParams?: true } = async function (this: unknown, ...args) {
    try {
      return await original.apply(this, args);
    } catch (error) {
      throw withoutParams(error);
    }
  };
  wrapped.withoutParams = true;
  prototype.queryWithCache = wrapped;
}
