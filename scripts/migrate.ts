// Owns `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded server when it is unset.
import { migrateFromEnv } from '@/db/migrate';
import { EnvError, parseEnv } from '@/lib/env';
import { startEmbeddedDatabase } from './embedded-db.mjs';

async function main(): Promise<void> {
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedDatabase();
  if (embedded) {
    for (const [key, value] of Object.entries(embedded.env)) process.env[key] ??= value;
  }
  try {
    // Validate the whole environment, not just DATABASE_URL: `npm start` runs this first, so a missing or bad
    // variable stops the launch here with a message naming it, before any server starts.
    parseEnv(process.env);
    const { applied } = await migrateFromEnv(process.env);
    console.log(applied === 0 ? 'Database schema is up to date.' : `Applied ${applied} migration(s).`);
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
