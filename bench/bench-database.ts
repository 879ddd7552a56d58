// Owns the database a bench runs on: DATABASE_URL when set, else a database of its own on the embedded cluster in
// .data/bench — never the .data/pg of a running `npm start`, whose load would skew the figures — migrated, and the
// settings the app's modules read lazily (URL, secrets, sandbox) put in process.env before their first use.
import crypto from 'node:crypto';
import postgres from 'postgres';
import { migrate } from '@/db/migrate';
import { resetEnvCache } from '@/lib/platform/env';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../scripts/embedded-db.mjs';

export interface BenchDatabase {
  url: string;
  /** The secrets the app runs with; servers a bench starts get the same ones. */
  secrets: { AUTH_SECRET: string; ENCRYPTION_KEY: string };
  /** The embedded cluster, when there was no DATABASE_URL: the bench stops it at the end. */
  embedded?: EmbeddedDatabase;
}

async function embeddedDatabase(
  name: string,
  fresh: boolean,
  log: (message: string) => void,
): Promise<{ embedded: EmbeddedDatabase; url: string }> {
  if (!fresh) {
    const embedded = await startEmbeddedDatabase({ dir: '.data/bench', database: name, log });
    return { embedded, url: embedded.url };
  }
  const embedded = await startEmbeddedDatabase({ dir: '.data/bench', database: 'postgres', log });
  // A fresh database each run: figures do not depend on what earlier runs left behind.
  const admin = postgres(embedded.adminUrl, { max: 1, onnotice: () => {} });
  await admin`drop database if exists ${admin(name)} with (force)`;
  await admin`create database ${admin(name)}`;
  await admin.end({ timeout: 5 });
  return { embedded, url: embedded.urlFor(name) };
}

/**
 * Opens (`fresh`: drops and creates) the bench's database `name`, migrates it, and sets process.env to it, in the
 * sandbox, logging at `warn`, with `settings` on top.
 */
export async function benchDatabase({
  name,
  fresh = false,
  log,
  settings = {},
}: {
  name: string;
  fresh?: boolean;
  log: (message: string) => void;
  settings?: Record<string, string>;
}): Promise<BenchDatabase> {
  let database: BenchDatabase;
  if (process.env.DATABASE_URL) {
    const random = () => crypto.randomBytes(32).toString('base64');
    // Data the bench creates is encrypted with this ENCRYPTION_KEY and its servers get the same one: a fresh one works.
    database = {
      url: process.env.DATABASE_URL,
      secrets: {
        AUTH_SECRET: process.env.AUTH_SECRET ?? random(),
        ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? random(),
      },
    };
  } else {
    const { embedded, url } = await embeddedDatabase(name, fresh, log);
    database = {
      url,
      secrets: { AUTH_SECRET: embedded.env.AUTH_SECRET, ENCRYPTION_KEY: embedded.env.ENCRYPTION_KEY },
      embedded,
    };
  }
  log('migrating…');
  await migrate(database.url);
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    ...database.secrets,
    APP_ENV: 'sandbox',
    LOG_LEVEL: 'warn',
    ...settings,
  });
  resetEnvCache();
  return database;
}

/**
 * The environment of a production server a bench starts on its database: the bench's own, in production mode, with
 * the database's URL and secrets, the sandbox and no in-process worker; `settings` on top.
 */
export function serverEnv(
  databaseUrl: string,
  secrets: BenchDatabase['secrets'],
  settings: Record<string, string>,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    ...secrets,
    APP_ENV: 'sandbox',
    WORKER_IN_PROCESS: 'false',
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
    ...settings,
  };
}
