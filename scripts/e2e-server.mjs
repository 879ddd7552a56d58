// Owns the server Playwright tests against: `next start` on a fresh e2e database (embedded in .test-data/e2e, or TEST_DATABASE_URL).
import crypto from 'node:crypto';
import postgres from 'postgres';
import { appRoleUrl, ensureEmbeddedPostgres } from './embedded-db.mjs';
import { launch } from './launch.mjs';

const DATABASE = 'payout_e2e';

/** @param {string} baseUrl @param {string} database */
function withDatabase(baseUrl, database) {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

await launch({
  name: 'Payout Portal (e2e)',
  port: Number(process.env.E2E_PORT ?? 3100),
  hostname: '127.0.0.1',
  async prepareDatabase() {
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
      await admin`drop database if exists ${admin(DATABASE)} with (force)`;
      await admin`create database ${admin(DATABASE)}`;
    } finally {
      await admin.end({ timeout: 5 });
    }
    const key = () => crypto.randomBytes(32).toString('base64');
    return {
      env: {
        // As `npm start`: the app runs as the unprivileged role the migrate step creates and grants.
        DATABASE_URL: appRoleUrl(withDatabase(adminUrl, DATABASE)),
        MIGRATION_DATABASE_URL: withDatabase(adminUrl, DATABASE),
        AUTH_SECRET: key(),
        ENCRYPTION_KEY: key(),
        APP_ENV: 'sandbox',
        WORKER_IN_PROCESS: 'true',
        // Browser tests deliver webhooks to a receiver they start on 127.0.0.1.
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        // Every browser test signs in, all from 127.0.0.1: the per-address limit on sign-in steps would pace the run.
        PUBLIC_AUTH_REQUESTS_PER_MINUTE: '1000',
        // The address the browser tests use, so redirects (sign-out) come back to the same origin.
        APP_BASE_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`,
      },
      description: external
        ? `${DATABASE} on TEST_DATABASE_URL's server`
        : `embedded PostgreSQL on port ${server?.port}`,
      stop: async () => {
        await server?.stop();
      },
    };
  },
});
