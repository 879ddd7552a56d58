// The SQL functions of db/functions: rendered from the TypeScript constants, re-applied by every migrate, and the
// upgrade of a database made by the older migrations (functions as migration 0012 created them, and jobs of the
// design before drains) through graphile-worker's public interface.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import {
  DRAIN_LOCK_CLASS,
  HANDOVER_LEASE_MS,
  MAX_FAN_OUT,
} from '@/lib/platform/webhook-delivery/drain-protocol';
import { createEmptyDatabase } from '@/test/db';
import { readFunctionFiles, renderFunctionSql, SQL_CONSTANTS } from './function-files';
import { defaultMigrationsFolder, migrate, readJournal } from './migrate';

const functionsFolder = path.join(process.cwd(), 'db', 'functions');
const clients: postgres.Sql[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(clients.map((sql) => sql.end({ timeout: 5 })));
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});
function connect(url: string): postgres.Sql {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  clients.push(sql);
  return sql;
}
function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'payout-functions-'));
  folders.push(folder);
  return folder;
}

/** The migrations folder as it was at `tag` (the same files and journal times: later migrate finds them applied). */
function migrationsUpTo(tag: string): string {
  const folder = tempFolder();
  fs.mkdirSync(path.join(folder, 'meta'));
  const entries = readJournal().filter((entry) => entry.tag <= tag);
  for (const entry of entries)
    fs.copyFileSync(
      path.join(defaultMigrationsFolder(), `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  const journal = JSON.parse(
    fs.readFileSync(path.join(defaultMigrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  fs.writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.tag <= tag) }),
  );
  return folder;
}

/** Each function's body ($$…$$) in the rendered files, by name. */
function renderedBodies(): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const { sql } of readFunctionFiles(functionsFolder)) {
    for (const match of sql.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\([^$]*?\$\$([\s\S]*?)\$\$/g))
      bodies.set(match[1]!, match[2]!);
  }
  return bodies;
}

async function appliedBody(sql: postgres.Sql, name: string): Promise<string | undefined> {
  const [row] = await parsedRows(
    z.object({ src: z.string() }),
    sql`select prosrc as src from pg_proc where proname = ${name}`,
  );
  return row?.src;
}

describe('rendering the function files', () => {
  it('puts each TypeScript constant in place: numbers as numbers, strings as quoted literals', () => {
    expect(renderFunctionSql('LIMIT {{N}} owner = {{OWNER}}', { N: 16, OWNER: "it's" })).toBe(
      "LIMIT 16 owner = 'it''s'",
    );
  });

  it('refuses a name that has no constant rather than leaving it in the SQL', () => {
    expect(() => renderFunctionSql('LIMIT {{NO_SUCH_CONSTANT}}')).toThrow(/NO_SUCH_CONSTANT/);
  });

  it("renders the webhook functions with the drain protocol's constants, and uses each of them", () => {
    const files = readFunctionFiles(functionsFolder);
    expect(files.map((file) => file.file)).toContain('webhooks.sql');
    const all = files.map((file) => file.sql).join('\n');
    expect(all).not.toMatch(/\{\{|\}\}/);
    const raw = fs.readFileSync(path.join(functionsFolder, 'webhooks.sql'), 'utf8');
    for (const name of Object.keys(SQL_CONSTANTS)) expect(raw).toContain(`{{${name}}}`);
    expect(all).toContain(`LIMIT ${MAX_FAN_OUT}`);
    expect(all).toContain(`pg_advisory_xact_lock_shared(${DRAIN_LOCK_CLASS},`);
    expect(all).toContain(`${HANDOVER_LEASE_MS} * interval '1 millisecond'`);
    // Delivery ids are the event's first id with the last byte XORed with n - 1: one byte, 256 endpoints at most.
    expect(MAX_FAN_OUT).toBeLessThanOrEqual(256);
  });
});

describe('upgrading a database made by the older migrations', () => {
  it("replaces the functions migration 0012 created with the files' text, applying no migration again", async () => {
    const database = await createEmptyDatabase();
    // What an existing database has: every migration, and the functions as 0012 created them.
    const empty = tempFolder();
    await migrate(database.url, { functionsFolder: empty });
    const sql = connect(database.url);
    expect(await appliedBody(sql, 'webhook_wake_drains')).toContain("interval '5 minutes'");

    const result = await migrate(database.url);
    expect(result.applied).toBe(0);
    const bodies = renderedBodies();
    expect([...bodies.keys()].sort()).toEqual(['webhook_enqueue_event', 'webhook_wake_drains']);
    for (const [name, body] of bodies) expect(await appliedBody(sql, name)).toBe(body);
    // Again: the files are re-applied each time, idempotently.
    await migrate(database.url);
    for (const [name, body] of bodies) expect(await appliedBody(sql, name)).toBe(body);
  });

  it("turns the previous design's queued re-send jobs into re-send requests and removes its delivery jobs, other jobs untouched", async () => {
    const database = await createEmptyDatabase();
    // A database from before drains: migrations up to 0011 and graphile-worker's schema, jobs per attempt queued.
    await migrate(database.url, { migrationsFolder: migrationsUpTo('0011_webhook_drains') });
    const sql = connect(database.url);
    const [manual, scheduled] = [crypto.randomUUID(), crypto.randomUUID()];
    await sql.begin(async (tx) => {
      // Rows only: the organization, endpoint and event they belong to do not matter to this step.
      await tx`set local session_replication_role = replica`;
      for (const id of [manual, scheduled])
        await tx`insert into webhook_deliveries (id, org_id, endpoint_id, event_id, next_attempt_at)
          values (${id}, gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), now())`;
    });
    await sql`select graphile_worker.add_job('webhooks.deliver', json_build_object('deliveryId', ${manual}::uuid, 'manual', true))`;
    await sql`select graphile_worker.add_job('webhooks.deliver', json_build_object('deliveryId', ${scheduled}::uuid, 'manual', false))`;
    await sql`select graphile_worker.add_job('maintenance.purge-expired', '{}'::json)`;

    await migrate(database.url);

    const resends = await parsedRows(
      z.object({ id: z.string(), requested: z.boolean() }),
      sql`
      select id, resend_requested_at is not null as requested from webhook_deliveries order by id`,
    );
    expect(Object.fromEntries(resends.map((row) => [row.id, row.requested]))).toEqual({
      [manual]: true,
      [scheduled]: false,
    });
    const jobs = await parsedRows(
      z.object({ task: z.string() }),
      sql`select task_identifier as task from graphile_worker.jobs`,
    );
    expect(jobs.map((job) => job.task)).toEqual(['maintenance.purge-expired']);
  });
});
