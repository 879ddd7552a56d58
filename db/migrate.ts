// Owns schema migration: Drizzle's migrations, then graphile-worker's own schema, then the SQL functions of db/functions
// (re-applied each time), serialized across instances by an advisory lock.
import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate as drizzleMigrate } from 'drizzle-orm/postgres-js/migrator';
import { Logger, runMigrations } from 'graphile-worker';
import postgres, { type Sql } from 'postgres';
import { z } from 'zod';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import { CONNECTION_TIMEOUTS } from './connection-timeouts';
import { applyFunctionFiles, functionsFolderFor } from './function-files';

/** Fixed key of the session advisory lock every migrating process takes ("payout" migrations). */
export const MIGRATION_LOCK_KEY = 7_240_915_001;

export interface MigrateOptions {
  /** Folder holding Drizzle's SQL files and meta/_journal.json; default `db/migrations` under the working directory. */
  migrationsFolder?: string;
  /** Folder of the SQL function files re-applied after the migrations; default `functions` beside the migrations. */
  functionsFolder?: string;
  /**
   * The role the application connects as, when it is not the migrating (owning) role: created if missing (with
   * `password`, when given) and granted exactly what the app needs — see `grantAppRole`.
   */
  appRole?: AppRole;
}

export interface AppRole {
  name: string;
  password?: string;
}

/** The role a connection URL logs in as, with its password. */
export function appRoleFromUrl(url: string): AppRole {
  const parsed = new URL(url);
  return {
    name: decodeURIComponent(parsed.username),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
  };
}

/**
 * Migrates as MIGRATION_DATABASE_URL (the owner of the schema) when set, and grants the role of DATABASE_URL what the
 * app needs; without it, migrates as DATABASE_URL (one role for both, e.g. a development database).
 */
export function migrateFromEnv(source: Record<string, string | undefined>): Promise<{ applied: number }> {
  const appUrl = source.DATABASE_URL;
  if (!appUrl) throw new Error('DATABASE_URL is required');
  const owner = source.MIGRATION_DATABASE_URL;
  if (!owner || owner === appUrl) return migrate(appUrl);
  const appRole = appRoleFromUrl(appUrl);
  return migrate(owner, appRole.name === appRoleFromUrl(owner).name ? {} : { appRole });
}

/**
 * Creates the application's role if missing: it can log in and nothing else — no superuser (so it cannot disable
 * triggers or set session_replication_role), no CREATEDB/CREATEROLE/REPLICATION/BYPASSRLS, and it owns nothing.
 */
export async function ensureAppRole(sql: Sql, role: AppRole): Promise<void> {
  const [existing] = await parsedRows(
    z.object({ rolsuper: z.boolean() }),
    sql`select rolsuper from pg_roles where rolname = ${role.name}`,
  );
  if (existing?.rolsuper) throw new Error(`the application role ${role.name} must not be a superuser`);
  if (!existing) {
    try {
      await sql`create role ${sql(role.name)} login nosuperuser nocreatedb nocreaterole noreplication nobypassrls`;
    } catch (error) {
      // 42710: another process created it at the same moment.
      if ((error as { code?: string }).code !== '42710') throw error;
    }
  }
  if (role.password)
    await sql.unsafe(
      `alter role "${role.name.replace(/"/g, '""')}" password '${role.password.replace(/'/g, "''")}'`,
    );
  await grantAppRole(sql, role.name);
}

/**
 * What the app may do: read and write rows (not TRUNCATE, not DDL), use sequences, run graphile-worker, read the
 * migration journal (health). Ledger entries and transactions are insert-only; their triggers refuse the rest anyway.
 */
export async function grantAppRole(sql: Sql, name: string): Promise<void> {
  const role = sql(name);
  const [database] = await parsedRows(z.object({ name: z.string() }), sql`select current_database() as name`);
  await sql`grant connect, temporary on database ${sql(database!.name)} to ${role}`;
  await sql`grant usage on schema public, graphile_worker, drizzle to ${role}`;
  await sql`grant select, insert, update, delete on all tables in schema public to ${role}`;
  await sql`revoke update, delete on ledger_entries, ledger_transactions from ${role}`;
  await sql`grant usage, select on all sequences in schema public to ${role}`;
  await sql`grant select, insert, update, delete on all tables in schema graphile_worker to ${role}`;
  await sql`grant usage, select, update on all sequences in schema graphile_worker to ${role}`;
  await sql`grant execute on all functions in schema graphile_worker to ${role}`;
  // graphile-worker enables row-level security on its tables with no policy (only their owner passes): the app role
  // enqueues jobs (add_job inserts task and queue rows) and the worker runs as it, so it gets a policy of its own.
  const secured = await parsedRows(
    z.object({ table: z.string() }),
    sql`
      select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'graphile_worker' and c.relkind = 'r' and c.relrowsecurity`,
  );
  for (const { table } of secured) {
    await sql`drop policy if exists app_role_all on ${sql('graphile_worker')}.${sql(table)}`;
    await sql`create policy app_role_all on ${sql('graphile_worker')}.${sql(table)} for all to ${role} using (true) with check (true)`;
  }
  await sql`grant select on all tables in schema drizzle to ${role}`;
  // The app's pool sends these as startup parameters; a transaction pooler (PgBouncer) refuses them, so the role
  // carries them too and every server connection the pooler opens for it starts bounded.
  for (const [setting, ms] of Object.entries(CONNECTION_TIMEOUTS)) {
    await sql.unsafe(`alter role "${name.replace(/"/g, '""')}" set ${setting} = ${ms}`);
  }
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
  const [exists] = await parsedRows(
    z.object({ table: z.string().nullable() }),
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as table`,
  );
  if (!exists?.table) return [];
  const rows = await parsedRows(
    z.object({ created_at: z.string().nullable() }),
    sql`select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at`,
  );
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
      // After both schemas: the functions read the migrated tables and call graphile-worker's add_job. Every time, so
      // a changed function file (or constant) reaches a database whose migrations are all applied already.
      await applyFunctionFiles(migrateSql, options.functionsFolder ?? functionsFolderFor(folder));
      if (options.appRole) await ensureAppRole(migrateSql, options.appRole);
      return { applied: after - before };
    } finally {
      await lockSql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    await Promise.all([lockSql.end({ timeout: 5 }), migrateSql.end({ timeout: 5 })]);
  }
}
