// Owns the database set-up every script shares: DATABASE_URL when set, else the embedded server of this checkout.
//
// Database modules are imported dynamically, after the environment is settled (DATABASE_URL, or the embedded server's
// URL and secrets), because lib/platform/env and db/client read process.env on first use.

export interface WithDatabaseOptions {
  /**
   * Bring a (possibly fresh) embedded database's schema up to date before `fn` (default true; a no-op when current).
   * `npm run db:migrate` turns it off to report what it applied itself.
   */
  migrateEmbedded?: boolean;
}

export interface DatabaseContext {
  /** Whether this run uses the embedded server (DATABASE_URL was unset). */
  embedded: boolean;
  databaseUrl: string;
}

/**
 * Settles the environment, validates it (an EnvError names every bad variable), runs `fn`, then closes the pool and
 * releases the embedded server — which stops only when no other process (such as `npm start`) still holds it. The
 * embedded server is found through `.data/` or started: never a second postmaster on the same data.
 */
export async function withDatabase<T>(
  fn: (context: DatabaseContext) => Promise<T>,
  options: WithDatabaseOptions = {},
): Promise<T> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!process.env.DATABASE_URL) {
    const { startEmbeddedDatabase } = await import('./embedded-db.mjs');
    const embedded = await startEmbeddedDatabase();
    stopEmbedded = embedded.stop;
    for (const [name, value] of Object.entries(embedded.env)) process.env[name] ??= value;
  }
  try {
    const { parseEnv } = await import('@/lib/platform/env');
    const config = parseEnv(process.env);
    if (stopEmbedded && options.migrateEmbedded !== false) {
      // As the schema's owner (MIGRATION_DATABASE_URL), granting the app's role (DATABASE_URL) what it needs.
      const { migrateFromEnv } = await import('@/db/migrate');
      await migrateFromEnv(process.env);
    }
    const { closeDb } = await import('@/db/client');
    // The services the command calls record events, enqueue jobs and use adapters: the composition root provides them.
    await import('@/lib/app/register');
    try {
      return await fn({ embedded: stopEmbedded !== undefined, databaseUrl: config.DATABASE_URL });
    } finally {
      await closeDb();
    }
  } finally {
    await stopEmbedded?.();
  }
}
