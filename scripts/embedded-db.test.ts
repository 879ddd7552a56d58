// Tests the embedded PostgreSQL: it keeps its data across a stop and a start, reuses a running server, keeps its secrets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsedRows } from '../lib/platform/db/typed-rows';
import { ensureEmbeddedPostgres, loadOrCreateSecrets, stopEmbeddedPostgres } from './embedded-db.mjs';

// Its own data directory, outside the test cluster; readable by the postgres user when tests run as root.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payout-embedded-'));
fs.chmodSync(dir, 0o755);

afterAll(async () => {
  await stopEmbeddedPostgres({ dir });
  fs.rmSync(dir, { recursive: true, force: true });
});

async function query<T extends readonly postgres.MaybeRow[]>(
  url: string,
  fn: (sql: postgres.Sql) => Promise<T>,
): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

describe('embedded PostgreSQL', () => {
  it('finds its data again after a stop and a restart on the existing data directory', async () => {
    const first = await ensureEmbeddedPostgres({ dir, database: 'payout' });
    expect(first.started).toBe(true);
    await query(first.url, (sql) => sql`create table notes (body text)`);
    await query(first.url, (sql) => sql`insert into notes values ('kept across restarts')`);

    // Asked again while it runs: the same server, never a second postmaster.
    const again = await ensureEmbeddedPostgres({ dir, database: 'payout' });
    expect(again).toMatchObject({ started: false, pid: first.pid, port: first.port });

    // Each handle holds a lease: releasing one leaves the server to the other; the last one stops it.
    await first.stop();
    expect(await query(first.url, (sql) => sql`select count(*)::int as n from notes`)).toEqual([{ n: 1 }]);
    await again.stop();
    await expect(query(first.url, (sql) => sql`select 1`)).rejects.toThrow(/ECONNREFUSED/);
    const state = JSON.parse(fs.readFileSync(path.join(dir, 'postgres.json'), 'utf8'));
    expect(state.port).toBe(first.port);

    const second = await ensureEmbeddedPostgres({ dir, database: 'payout' });
    expect(second.started).toBe(true);
    expect(second.port).toBe(first.port);
    expect(second.pid).not.toBe(first.pid);
    const rows = await query(second.url, (sql) =>
      parsedRows(z.object({ body: z.string() }), sql`select body from notes`),
    );
    expect(rows.map((row) => row.body)).toEqual(['kept across restarts']);

    // Its log goes to a file, not to our output.
    expect(fs.readFileSync(path.join(dir, 'postgres.log'), 'utf8')).toContain('ready to accept connections');
    expect(fs.statSync(path.join(dir, 'postgres.json')).mode & 0o777).toBe(0o600);
  });

  it('generates the secrets once, privately, and returns the same ones afterwards', () => {
    const secrets = loadOrCreateSecrets({ dir });
    expect(Buffer.from(secrets.AUTH_SECRET, 'base64')).toHaveLength(32);
    expect(Buffer.from(secrets.ENCRYPTION_KEY, 'base64')).toHaveLength(32);
    expect(secrets.AUTH_SECRET).not.toBe(secrets.ENCRYPTION_KEY);
    expect(loadOrCreateSecrets({ dir })).toEqual(secrets);
    expect(fs.statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });
});
