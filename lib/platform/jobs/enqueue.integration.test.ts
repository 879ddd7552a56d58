// Tests background jobs end to end: a job exists exactly when its transaction commits, and the worker then runs it.
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, db } from '@/db/client';
import { useTestDatabase } from '@/test/db';
import { enqueueJob } from './enqueue';
import { purgeExpired } from './purge-expired-task';
import { startWorker, type WorkerHandle } from './runner';

const testDb = await useTestDatabase();

// The purge task's tables belong to the schema other modules own; this file brings minimal stand-ins in a schema of
// its own, first on this database's search_path, so the test holds before and after those tables land.
beforeAll(async () => {
  const admin = postgres(testDb.url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`
      create schema purge_fixture;
      create table purge_fixture.idempotency_records (key text primary key, expires_at timestamptz not null);
      create table purge_fixture.used_tokens (digest text primary key, expires_at timestamptz not null);
      create table purge_fixture.rate_limit_counters (key text primary key, window_start timestamptz not null);
      alter database "${testDb.name}" set search_path = purge_fixture, public;
    `);
  } finally {
    await admin.end({ timeout: 5 });
  }
  // The setting applies to new sessions only.
  await closeDb();
});

async function queuedPurges(): Promise<number> {
  const rows = await db().execute<{ count: number }>(
    sql`select count(*)::int as count from graphile_worker.jobs where task_identifier = 'maintenance.purge-expired'`,
  );
  return rows[0]?.count ?? -1;
}

async function keys(table: string, column: string): Promise<string[]> {
  const rows = await db().execute<{ key: string }>(
    sql`select ${sql.identifier(column)} as key from ${sql.identifier(table)} order by 1`,
  );
  return rows.map((row) => row.key);
}

class Rollback extends Error {}

describe('purgeExpired', () => {
  it('fits the real tables of the migrated schema (not only the stand-ins)', async () => {
    const counts = await db().transaction(async (tx) => {
      await tx.execute(sql`set local search_path = public`);
      return purgeExpired(tx);
    });
    expect(counts).toEqual({ idempotencyRecords: 0, usedTokens: 0, rateLimitCounters: 0 });
  });
});

describe('enqueueJob', () => {
  let worker: WorkerHandle | undefined;
  afterAll(async () => {
    await worker?.stop();
  });

  it('leaves no job behind when the transaction rolls back', async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueueJob(tx, 'maintenance.purge-expired', {});
        expect(await tx.execute(sql`select 1 from graphile_worker.jobs`)).toHaveLength(1);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);

    expect(await queuedPurges()).toBe(0);
  });

  it('queues the job on commit, and the worker runs it: expired rows go, live ones stay', async () => {
    await db().execute(sql`
      insert into idempotency_records values ('expired', now() - interval '1 hour'), ('live', now() + interval '1 day');
      insert into used_tokens values ('expired', now() - interval '1 minute'), ('live', now() + interval '5 minutes');
      insert into rate_limit_counters values ('old', now() - interval '11 minutes'), ('current', now());
    `);

    const jobId = await db().transaction((tx) =>
      enqueueJob(tx, 'maintenance.purge-expired', {}, { jobKey: 'purge-test', maxAttempts: 1 }),
    );
    expect(jobId).toMatch(/^\d+$/);
    expect(await queuedPurges()).toBe(1);

    worker = await startWorker({ connectionString: testDb.url, concurrency: 1, pollInterval: 200 });
    const deadline = Date.now() + 15_000;
    while ((await queuedPurges()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

    expect(await queuedPurges()).toBe(0);
    expect(await keys('idempotency_records', 'key')).toEqual(['live']);
    expect(await keys('used_tokens', 'digest')).toEqual(['live']);
    expect(await keys('rate_limit_counters', 'key')).toEqual(['current']);
  });
});
