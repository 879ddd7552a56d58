// Owns the SQL functions of db/functions/*.sql: rendered with the TypeScript constants they share, and re-applied
// (CREATE OR REPLACE) by every migrate after the migrations, so a function's current text lives in one file and not in
// the migration that first created it.
import fs from 'node:fs';
import path from 'node:path';
import type { Sql } from 'postgres';
import { webhookSqlConstants } from '../lib/platform/webhook-delivery/drain-protocol';

/** Every `{{NAME}}` a function file may use, from the modules that own the values. */
export const SQL_CONSTANTS: Readonly<Record<string, string | number>> = { ...webhookSqlConstants };

const PLACEHOLDER = /\{\{([A-Z0-9_]+)\}\}/g;

/** Where the function files are: db/functions beside the migrations folder. */
export function functionsFolderFor(migrationsFolder: string): string {
  return path.join(path.dirname(migrationsFolder), 'functions');
}

function literal(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`SQL constant ${value} is not a safe integer`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

/** The file's SQL with each `{{NAME}}` replaced; a name without a constant is an error, never left in the SQL. */
export function renderFunctionSql(
  text: string,
  constants: Readonly<Record<string, string | number>> = SQL_CONSTANTS,
): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = constants[name];
    if (value === undefined) throw new Error(`no SQL constant named ${name}`);
    return literal(value);
  });
}

/** The folder's files in name order, rendered. An absent folder has none. */
export function readFunctionFiles(folder: string): { file: string; sql: string }[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((file) => ({ file, sql: renderFunctionSql(fs.readFileSync(path.join(folder, file), 'utf8')) }));
}

/** Applies every function file in one transaction: all of them or none. Returns how many files it applied. */
export async function applyFunctionFiles(sql: Sql, folder: string): Promise<number> {
  const files = readFunctionFiles(folder);
  if (files.length === 0) return 0;
  await sql.begin(async (tx) => {
    for (const { sql: text } of files) await tx.unsafe(text);
  });
  return files.length;
}
