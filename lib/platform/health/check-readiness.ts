// Owns the readiness report: whether this instance should get traffic — the database answers, every migration in the
// journal is applied, and some worker process has beaten its heartbeat recently (so accepted work will be run). It also
// lists each adapter's cached probe, which informs an operator and never decides readiness.
import type { Sql } from 'postgres';
import { z } from 'zod';
import { sqlClient } from '@/db/client';
import { migrationState } from '@/db/migrate';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import { env } from '@/lib/platform/env';
import { type AdapterReadiness, readAdapterHealth } from './adapter-probes';
import { DATABASE_TIMEOUT_MS, withTimeout } from './check-health';

/** A worker counts as alive while its last heartbeat is younger than this many intervals (one or two may be late). */
export const HEARTBEAT_WINDOW_INTERVALS = 3;

export type CheckResult = 'ok' | 'failed' | 'skipped';

export interface ReadinessChecks {
  database: CheckResult;
  migrations: CheckResult;
  worker: CheckResult;
}

/** Each adapter's last probe (adapter-probes.ts): reported, never a reason to refuse traffic. */
export type AdapterListing = Record<string, AdapterReadiness>;

export type ReadinessReport =
  | { status: 'ready'; adapters?: AdapterListing }
  | { status: 'not_ready'; checks: ReadinessChecks; adapters?: AdapterListing };

export interface ReadinessOptions {
  /** The journal the database must have applied (default: db/migrations). */
  migrationsFolder?: string;
  /** How recent a heartbeat must be (default: 3 × WORKER_HEARTBEAT_SECONDS). */
  heartbeatWindowSeconds?: number;
}

function logFailure(check: keyof ReadinessChecks | 'adapters', detail: unknown): void {
  // Details go to the server log only: a readiness body must not disclose hosts, SQL or stacks.
  console.error(`readiness: ${check} check failed:`, detail instanceof Error ? detail.message : detail);
}

async function migrationsCurrent(sql: Sql, folder: string | undefined): Promise<boolean> {
  const state = await withTimeout(migrationState(sql, folder), DATABASE_TIMEOUT_MS);
  if (state.pending > 0)
    logFailure('migrations', `${state.pending} pending (latest applied: ${state.latest})`);
  return state.pending === 0;
}

async function workerAlive(sql: Sql, windowSeconds: number): Promise<boolean> {
  // Compared on the database's clock, the one the heartbeats were written with.
  const [row] = await withTimeout(
    parsedRows(
      z.object({ age_seconds: z.number().nullable() }),
      sql`select extract(epoch from now() - max(last_seen_at))::float8 as age_seconds from worker_heartbeats`,
    ),
    DATABASE_TIMEOUT_MS,
  );
  const age = row?.age_seconds ?? null;
  const alive = age !== null && age <= windowSeconds;
  if (!alive)
    logFailure(
      'worker',
      age === null
        ? 'no worker heartbeat recorded'
        : `newest heartbeat is ${Math.round(age)} s old (window ${windowSeconds} s)`,
    );
  return alive;
}

export async function checkReadiness(options: ReadinessOptions = {}): Promise<ReadinessReport> {
  const checks: ReadinessChecks = { database: 'skipped', migrations: 'skipped', worker: 'skipped' };
  let sql: Sql;
  try {
    sql = sqlClient();
    await withTimeout(Promise.resolve(sql`select 1`), DATABASE_TIMEOUT_MS);
    checks.database = 'ok';
  } catch (error) {
    logFailure('database', error);
    return { status: 'not_ready', checks: { ...checks, database: 'failed' } };
  }
  const windowSeconds =
    options.heartbeatWindowSeconds ?? HEARTBEAT_WINDOW_INTERVALS * env().WORKER_HEARTBEAT_SECONDS;
  const [migrations, worker] = await Promise.all([
    migrationsCurrent(sql, options.migrationsFolder).catch((error: unknown) => {
      logFailure('migrations', error);
      return false;
    }),
    workerAlive(sql, windowSeconds).catch((error: unknown) => {
      logFailure('worker', error);
      return false;
    }),
  ]);
  checks.migrations = migrations ? 'ok' : 'failed';
  checks.worker = worker ? 'ok' : 'failed';
  // Read last and apart: an unreadable cache (its migration not applied yet) drops the listing, never the verdict.
  const adapters = await withTimeout(readAdapterHealth(), DATABASE_TIMEOUT_MS).catch((error: unknown) => {
    logFailure('adapters', error);
    return undefined;
  });
  const listing = adapters ? { adapters } : {};
  return migrations && worker ? { status: 'ready', ...listing } : { status: 'not_ready', checks, ...listing };
}
