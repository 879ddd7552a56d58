// Owns how test code names databases on the test cluster: per-run template and per-file clones, and URLs to them.
/** Every database a test run creates starts with this; the run's pid follows, so leftovers of dead runs are known. */
export const TEST_DATABASE_PREFIX = 'payout_test_';

/** The migrated database a run's files clone (CREATE DATABASE … TEMPLATE); one per run so parallel runs don't collide. */
export function templateDatabase(runId: string): string {
  return `${TEST_DATABASE_PREFIX}${runId}_template`;
}

/** The run a test database belongs to (the pid of the vitest process that made its template). */
export function runIdOf(database: string): string | undefined {
  return database.startsWith(TEST_DATABASE_PREFIX)
    ? database.slice(TEST_DATABASE_PREFIX.length).split('_')[0]
    : undefined;
}

/** The same server and credentials as `baseUrl`, pointed at `database`. */
export function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL on the test cluster with the right to create databases (its `postgres` database). */
    testDatabaseAdminUrl: string;
    /** This run's id: the prefix of its template and of every database cloned from it. */
    testRunId: string;
  }
}
