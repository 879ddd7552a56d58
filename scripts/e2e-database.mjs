// Owns the fresh database a browser-test server runs on (embedded in .test-data/e2e, or on TEST_DATABASE_URL's server)
// and the settings every such server shares; scripts/e2e-server.mjs and scripts/e2e-live-server.mjs each add theirs.
import crypto from 'node:crypto';
import postgres from 'postgres';
import { appRoleUrl, ensureEmbeddedPostgres } from './embedded-db.mjs';

/** @param {string} baseUrl @param {string} database */
function withDatabase(baseUrl, database) {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Drops and creates `database` (both servers share one embedded PostgreSQL, each on its own database), and returns
 * what launch() needs: the app's settings for it and its browser-test port, and how to release the server.
 * @param {{ database: string, port: number }} options
 * @returns {Promise<import('./launch.mjs').PreparedDatabase>}
 */
export async function prepareE2eDatabase({ database, port }) {
  const external = process.env.TEST_DATABASE_URL;
  const server = external
    ? undefined
    : await ensureEmbeddedPostgres({ dir: '.test-data/e2e', database: 'postgres' });
  const adminUrl = external
    ? withDatabase(external, 'postgres')
    : /** @type {NonNullable<typeof server>} */ (server).adminUrl;
  // A fresh database every run: flows start from the seed, never from the leftovers of the last run.
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`drop database if exists ${admin(database)} with (force)`;
    await admin`create database ${admin(database)}`;
  } finally {
    await admin.end({ timeout: 5 });
  }
  const key = () => crypto.randomBytes(32).toString('base64');
  return {
    env: {
      // As `npm start`: the app runs as the unprivileged role the migrate step creates and grants.
      DATABASE_URL: appRoleUrl(withDatabase(adminUrl, database)),
      MIGRATION_DATABASE_URL: withDatabase(adminUrl, database),
      AUTH_SECRET: key(),
      ENCRYPTION_KEY: key(),
      APP_ENV: 'sandbox',
      WORKER_IN_PROCESS: 'true',
      // Browser tests deliver webhooks to a receiver they start on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      // Every browser test signs in, all from 127.0.0.1: the per-address limit on sign-in steps would pace the run.
      PUBLIC_AUTH_REQUESTS_PER_MINUTE: '1000',
      // The address the browser tests use, so redirects (sign-out) and emailed links come back to the same origin.
      APP_BASE_URL: `http://127.0.0.1:${port}`,
    },
    description: external
      ? `${database} on TEST_DATABASE_URL's server`
      : `embedded PostgreSQL on port ${server?.port}`,
    stop: async () => {
      await server?.stop();
    },
  };
}
