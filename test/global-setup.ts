// Owns the test run's PostgreSQL: one cluster per run (embedded, or TEST_DATABASE_URL) and the run's migrated template.
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { z } from 'zod';
import { appRoleFromUrl, migrate } from '../db/migrate';
import { parsedRows } from '../lib/platform/db/typed-rows';
import { appRoleUrl, ensureEmbeddedPostgres } from '../scripts/embedded-db.mjs';
import { databaseUrl, runIdOf, TEST_DATABASE_PREFIX, templateDatabase } from './database-url';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drops this run's databases, or (`deadRuns`) those of runs whose process is gone — never a live run's. */
async function dropDatabases(admin: postgres.Sql, select: (runId: string) => boolean): Promise<void> {
  const rows = await parsedRows(
    z.object({ datname: z.string() }),
    admin`
    select datname from pg_database where datname like ${`${TEST_DATABASE_PREFIX}%`}`,
  );
  for (const { datname } of rows) {
    const runId = runIdOf(datname);
    if (!runId || !select(runId)) continue;
    await admin`update pg_database set datistemplate = false where datname = ${datname}`;
    await admin`drop database if exists ${admin(datname)} with (force)`;
  }
}

interface Cluster {
  adminUrl: string;
  runId: string;
  teardown: () => Promise<void>;
}

/** Starts (or joins) the run's cluster and migrates its template. */
async function prepareCluster(): Promise<Cluster> {
  const external = process.env.TEST_DATABASE_URL;
  // The embedded cluster is shared by concurrent runs (a lease each); the last run to finish stops it.
  const server = external
    ? undefined
    : await ensureEmbeddedPostgres({
        dir: '.test-data/unit',
        database: 'postgres',
        // Files run in parallel, each with an app pool, a worker pool and admin connections.
        maxConnections: 200,
        // A throwaway cluster: durability costs time and buys nothing here.
        settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
      });
  const adminUrl = external ? databaseUrl(external, 'postgres') : server!.adminUrl;
  const runId = String(process.pid);
  const template = templateDatabase(runId);

  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    // Pids only mean something on this machine: on an external server, leave other runs' databases alone.
    if (!external) await dropDatabases(admin, (id) => !processAlive(Number(id)));
    await admin`create database ${admin(template)}`;
    // The role the app runs as (created once per cluster) gets its grants in the template, so every clone has them.
    await migrate(databaseUrl(adminUrl, template), { appRole: appRoleFromUrl(appRoleUrl(adminUrl)) });
    // No connections to the template from now on: a connected template cannot be cloned.
    await admin`alter database ${admin(template)} with is_template true allow_connections false`;
  } finally {
    await admin.end({ timeout: 5 });
  }
  const teardown = async () => {
    const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      await dropDatabases(cleanup, (id) => id === runId);
    } finally {
      await cleanup.end({ timeout: 5 });
    }
    await server?.stop();
  };
  return { adminUrl, runId, teardown };
}

/**
 * The integration projects (vitest.config.ts) share one cluster and template: the first project's setup prepares it,
 * the last one's teardown removes it. Kept on globalThis because each project may load this module anew.
 */
const SHARED = Symbol.for('payout-portal.test.cluster');
const shared = globalThis as { [SHARED]?: { ready: Promise<Cluster>; users: number } };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared[SHARED] ??= { ready: prepareCluster(), users: 0 };
  const entry = shared[SHARED];
  entry.users += 1;
  const { adminUrl, runId, teardown } = await entry.ready;
  project.provide('testDatabaseAdminUrl', adminUrl);
  project.provide('testRunId', runId);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete shared[SHARED];
    await teardown();
  };
}
