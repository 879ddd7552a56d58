// Tests migration: the real migrations build the schema on an empty database, exactly once however many instances race.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import { createEmptyDatabase } from '@/test/db';
import { defaultMigrationsFolder, migrate, migrationState, readJournal } from './migrate';

/** A `count(*)::int as count` row. */
const CountRow = z.object({ count: z.number() });

const clients: postgres.Sql[] = [];
function connect(url: string): postgres.Sql {
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  clients.push(sql);
  return sql;
}
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(clients.map((sql) => sql.end({ timeout: 5 })));
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'payout-migrations-'));
  folders.push(folder);
  return folder;
}

/** A throwaway migrations folder in Drizzle's layout: <tag>.sql files and meta/_journal.json. */
function migrationsFolder(migrations: { tag: string; sql: string }[]): string {
  const folder = tempFolder();
  fs.mkdirSync(path.join(folder, 'meta'));
  writeMigrations(folder, migrations);
  return folder;
}
function writeMigrations(folder: string, migrations: { tag: string; sql: string }[]): void {
  const entries = migrations.map((migration, idx) => ({
    idx,
    version: '7',
    when: 1_700_000_000_000 + idx * 1000,
    tag: migration.tag,
    breakpoints: true,
  }));
  for (const migration of migrations)
    fs.writeFileSync(path.join(folder, `${migration.tag}.sql`), migration.sql);
  fs.writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
}

async function tableNames(sql: postgres.Sql, schema = 'public'): Promise<string[]> {
  const rows = await parsedRows(
    z.object({ table_name: z.string() }),
    sql`
    select table_name from information_schema.tables where table_schema = ${schema} order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

async function schemaExists(sql: postgres.Sql, schema: string): Promise<boolean> {
  const [row] = await parsedRows(
    z.object({ exists: z.boolean() }),
    sql`
    select exists (select 1 from pg_namespace where nspname = ${schema}) as exists`,
  );
  return row?.exists ?? false;
}

describe('migrate on the real migrations folder', () => {
  it('applies every journal entry to an empty database and creates its tables and the job queue', async () => {
    const database = await createEmptyDatabase();
    const journal = readJournal();

    const result = await migrate(database.url);

    const sql = connect(database.url);
    expect(result.applied).toBe(journal.length);
    expect(await migrationState(sql)).toEqual({
      applied: journal.length,
      pending: 0,
      latest: journal.at(-1)?.tag ?? null,
    });
    // Every table the migration files create exists.
    const created = journal.flatMap((entry) => {
      const text = fs.readFileSync(path.join(defaultMigrationsFolder(), `${entry.tag}.sql`), 'utf8');
      return [...text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"(?:public"\.")?([^"]+)"/gi)].map(
        (m) => m[1],
      );
    });
    expect(await tableNames(sql)).toEqual(expect.arrayContaining(created));
    expect(await schemaExists(sql, 'graphile_worker')).toBe(true);
    const [jobs] = await parsedRows(CountRow, sql`select count(*)::int as count from graphile_worker.jobs`);
    expect(jobs?.count).toBe(0);

    // A second run (the next start) finds nothing to do.
    expect(await migrate(database.url)).toEqual({ applied: 0 });
  });
});

describe('migrate with its own migrations folder', () => {
  it('applies only what is new and reports what is pending', async () => {
    const database = await createEmptyDatabase();
    const sql = connect(database.url);
    const folder = migrationsFolder([
      { tag: '0000_widgets', sql: 'CREATE TABLE "widgets" ("id" integer PRIMARY KEY);' },
      { tag: '0001_gadgets', sql: 'CREATE TABLE "gadgets" ("id" integer PRIMARY KEY);' },
    ]);

    expect(await migrationState(sql, folder)).toEqual({ applied: 0, pending: 2, latest: null });
    expect(await migrate(database.url, { migrationsFolder: folder })).toEqual({ applied: 2 });
    expect(await tableNames(sql)).toEqual(['gadgets', 'widgets']);

    writeMigrations(folder, [
      { tag: '0000_widgets', sql: 'CREATE TABLE "widgets" ("id" integer PRIMARY KEY);' },
      { tag: '0001_gadgets', sql: 'CREATE TABLE "gadgets" ("id" integer PRIMARY KEY);' },
      { tag: '0002_gizmos', sql: 'CREATE TABLE "gizmos" ("id" integer PRIMARY KEY);' },
    ]);
    expect(await migrationState(sql, folder)).toEqual({ applied: 2, pending: 1, latest: '0001_gadgets' });
    expect(await migrate(database.url, { migrationsFolder: folder })).toEqual({ applied: 1 });
    expect(await migrationState(sql, folder)).toEqual({ applied: 3, pending: 0, latest: '0002_gizmos' });
  });

  it('lets instances that start at once both succeed, applying each migration once', async () => {
    const database = await createEmptyDatabase();
    // Not idempotent on purpose (a second CREATE TABLE fails), and slow enough that the two runs overlap.
    const folder = migrationsFolder([
      {
        tag: '0000_slow_widgets',
        sql: 'SELECT pg_sleep(0.5);\nCREATE TABLE "widgets" ("id" integer PRIMARY KEY);',
      },
    ]);

    const results = await Promise.all([
      migrate(database.url, { migrationsFolder: folder }),
      migrate(database.url, { migrationsFolder: folder }),
    ]);

    expect(results.map((r) => r.applied).sort()).toEqual([0, 1]);
    const sql = connect(database.url);
    const [row] = await parsedRows(
      CountRow,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(row?.count).toBe(1);
    expect(await schemaExists(sql, 'graphile_worker')).toBe(true);
  });

  it('treats a folder without a journal (nothing generated yet) as no migrations', async () => {
    const database = await createEmptyDatabase();
    const folder = tempFolder();

    expect(await migrate(database.url, { migrationsFolder: folder })).toEqual({ applied: 0 });

    const sql = connect(database.url);
    expect(await migrationState(sql, folder)).toEqual({ applied: 0, pending: 0, latest: null });
    expect(await schemaExists(sql, 'graphile_worker')).toBe(true);
  });
});
