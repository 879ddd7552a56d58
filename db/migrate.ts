// Owns schema migration: Drizzle's migrations, then graphile-worker's own schema, serialized across instances by an advisory lock.
import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate as drizzleMigrate } from 'drizzle-orm/postgres-js/migrator';
import { Logger, runMigrations } from 'graphile-worker';
import postgres, { type Sql } from 'postgres';

/** Fixed key of the session advisory lock every migrating process takes ("payout" migrations). */
export const MIGRATION_LOCK_KEY = 7_240_915_001;

export interface MigrateOptions {
  /** Folder holding Drizzle's SQL files and meta/_journal.json; default `db/migrations` under the working directory. */
  migrationsFolder?: string;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export interface MigrationState {
  /** Migrations recorded as applied in the database. */
  applied: number;
  /** Journal entries the database has not applied yet. */
  pending: number;
  /** Tag of the newest applied migration, or null when none is. */
  latest: string | null;
}

/** Resolved from the working directory (the repo root under tsx, `next start` and vitest alike), never from this file. */
export function defaultMigrationsFolder(): string {
  return path.join(process.cwd(), 'db', 'migrations');
}

/** The journal's entries; an absent journal (no migration generated yet) is an empty one. */
export function readJournal(folder: string = defaultMigrationsFolder()): JournalEntry[] {
  const file = path.join(folder, 'meta', '_journal.json');
  if (!fs.existsSync(file)) return [];
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries?: JournalEntry[] };
  return [...(journal.entries ?? [])].sort((a, b) => a.when - b.when);
}

async function appliedTimestamps(sql: Sql): Promise<number[]> {
  // to_regclass instead of catching "relation does not exist", so this is safe inside a caller's transaction.
  const [exists] = await sql<{ table: string | null }[]>`
    select to_regclass('drizzle.__drizzle_migrations')::text as table`;
  if (!exists?.table) return [];
  const rows = await sql<{ created_at: string | null }[]>`
    select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at`;
  return rows.map((row) => Number(row.created_at ?? 0));
}

/** Compares the database's applied migrations with the journal on disk (the health endpoint reports it). */
export async function migrationState(
  sql: Sql,
  folder: string = defaultMigrationsFolder(),
): Promise<MigrationState> {
  const entries = readJournal(folder);
  const applied = await appliedTimestamps(sql);
  const last = applied.at(-1) ?? Number.NEGATIVE_INFINITY;
  // Drizzle's own rule: an entry is pending when it is newer than the newest applied migration.
  const pending = entries.filter((entry) => entry.when > last).length;
  const latest = entries.filter((entry) => entry.when <= last).at(-1)?.tag ?? null;
  return { applied: applied.length, pending, latest };
}

// graphile-worker logs each migration step at info level; the app's own output says what happened.
const quietLogger = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') console.error(`[graphile-worker] ${message}`);
});

/**
 * Applies every pending migration to `databaseUrl` and returns how many Drizzle migrations this call applied.
 * N instances may call this at once: they queue on one advisory lock, and each finds the others' work done.
 */
export async function migrate(
  databaseUrl: string,
  options: MigrateOptions = {},
): Promise<{ applied: number }> {
  const folder = options.migrationsFolder ?? defaultMigrationsFolder();
  const client = {
    onnotice: () => {},
    connect_timeout: 10,
    connection: { application_name: 'payout-migrate' },
  };
  // The lock lives on its own connection: a session lock is held by a connection, and the migrator's transaction
  // must not be the thing holding it.
  const lockSql = postgres(databaseUrl, { ...client, max: 1 });
  const migrateSql = postgres(databaseUrl, { ...client, max: 1 });
  try {
    await lockSql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      const before = (await appliedTimestamps(migrateSql)).length;
      if (fs.existsSync(path.join(folder, 'meta', '_journal.json'))) {
        await drizzleMigrate(drizzle({ client: migrateSql }), { migrationsFolder: folder });
      }
      const after = (await appliedTimestamps(migrateSql)).length;
      await runMigrations({ connectionString: databaseUrl, logger: quietLogger });
      return { applied: after - before };
    } finally {
      await lockSql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    await Promise.all([lockSql.end({ timeout: 5 }), migrateSql.end({ timeout: 5 })]);
  }
}
