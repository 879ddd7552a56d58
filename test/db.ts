// Owns per-file test databases: each integration test file works on its own clone of the migrated template.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, inject, onTestFinished } from 'vitest';
import { closeDb } from '@/db/client';
import { resetEnvCache } from '@/lib/platform/env';
import { databaseUrl, TEST_DATABASE_PREFIX, templateDatabase } from './database-url';

/** Fixed, valid test secrets (32 bytes in base64); nothing encrypted with them outlives the test database. */
export const TEST_AUTH_SECRET = Buffer.alloc(32, 'a').toString('base64');
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 'k').toString('base64');

export interface TestDatabase {
  name: string;
  url: string;
  /** Closes this process's pool and drops the database; runs by itself after the test (or the file) that made it. */
  drop(): Promise<void>;
}

function uniqueName(): string {
  return `${TEST_DATABASE_PREFIX}${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
}

async function withAdmin<T>(fn: (admin: postgres.Sql) => Promise<T>): Promise<T> {
  const admin = postgres(inject('testDatabaseAdminUrl'), { max: 1, onnotice: () => {} });
  try {
    return await fn(admin);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

async function create(template: string | undefined): Promise<TestDatabase> {
  const name = uniqueName();
  await withAdmin(async (admin) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (template) await admin`create database ${admin(name)} template ${admin(template)}`;
        else await admin`create database ${admin(name)}`;
        return;
      } catch (error) {
        // 55006: the template still has a session (a migrator connection closing); it goes away in milliseconds.
        const code = (error as { code?: string }).code;
        if (code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  const url = databaseUrl(inject('testDatabaseAdminUrl'), name);
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    if (process.env.DATABASE_URL === url) await closeDb();
    await withAdmin((admin) => admin`drop database if exists ${admin(name)} with (force)`);
  };
  try {
    // Inside a test: dropped when that test ends.
    onTestFinished(drop);
  } catch {
    // At file level (top-level await): dropped after the file's tests.
    afterAll(drop);
  }
  return { name, url, drop };
}

/** An empty database (no migrations), for testing the migrator itself. */
export function createEmptyDatabase(): Promise<TestDatabase> {
  return create(undefined);
}

/**
 * A fresh, migrated database for this test file, made the process's database: DATABASE_URL and the test secrets
 * are set, the env cache is reset and any open pool is closed, so `db()` connects to it. Call it at the top of the
 * file (`const testDb = await useTestDatabase();`) and it is dropped after the file's tests; or inside a test, and
 * it is dropped when that test ends. Not inside beforeAll (no hook could drop it).
 */
export async function useTestDatabase(): Promise<TestDatabase> {
  const database = await create(templateDatabase(inject('testRunId')));
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    AUTH_SECRET: TEST_AUTH_SECRET,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    APP_ENV: 'sandbox',
    DB_POOL_MAX: '5',
    // A test file runs the worker itself when it needs one.
    WORKER_IN_PROCESS: 'false',
  });
  resetEnvCache();
  await closeDb();
  return database;
}
