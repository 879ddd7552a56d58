// Owns `npm run bench:webhooks`: events committed one per transaction, delivered by the in-process worker to a local
// receiver (its own process, verifying every signature). Reports deliveries/s and the time from each event's commit to
// its arrival (p50/p95), in two phases: a burst (throughput) and a steady rate (latency). See bench/README.md.
import '@/lib/app/register';
import { type ChildProcess, fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { z } from 'zod';
import { closeDb, db } from '@/db/client';
import { migrateFromEnv } from '@/db/migrate';
import { createOrganization } from '@/lib/identity/server';
import type { Actor } from '@/lib/platform/actor/actor';
import { ensureSandboxChains } from '@/lib/platform/chains/sandbox-chains';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import { env } from '@/lib/platform/env';
import { SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { startWorker, type WorkerHandle } from '@/lib/platform/jobs/runner';
import { DRAIN_TASK } from '@/lib/platform/webhook-delivery/drain-protocol';
import { createEndpoint } from '@/lib/webhooks/server';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../scripts/embedded-db.mjs';
import { machineBusyMs, treeCpuMs } from './cpu';
import { positiveInteger } from './env-number';
import type { ReceiverMessage } from './webhook-receiver';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const TARGETS = { deliveriesPerSecond: 200, p50Ms: 1000 } as const;

const config = {
  events: positiveInteger('BENCH_EVENTS', 10_000, 1_000_000),
  /** Events per second committed in the steady phase. */
  rate: positiveInteger('BENCH_RATE', 200, 10_000),
  /** Concurrent committers in the burst phase. */
  producers: positiveInteger('BENCH_PRODUCERS', 8, 64),
  endpoints: positiveInteger('BENCH_ENDPOINTS', 1, 16),
  webhookConcurrency: positiveInteger('WEBHOOK_CONCURRENCY', 8, 256),
  endpointConcurrency: positiveInteger('WEBHOOK_ENDPOINT_CONCURRENCY', 4, 64),
  phases: (process.env.BENCH_PHASES ?? 'burst,steady').split(',').map((p) => p.trim()),
  /** Prints each phase's most expensive statements (pg_stat_statements; the embedded cluster only). */
  pgStats: process.env.BENCH_PG_STATS === '1',
};

const say = (message: string) => process.stdout.write(`[bench] ${message}\n`);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `work` as the database owner (pg_stat_statements needs it), on a connection of its own. */
async function withOwner<T>(work: (admin: postgres.Sql) => Promise<T>): Promise<T> {
  const admin = postgres(process.env.MIGRATION_DATABASE_URL ?? env().DATABASE_URL, {
    max: 1,
    onnotice: () => {},
  });
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * One pg_stat_statements line: the bigint and the rounded numerics come as text; the statement's text is null when
 * the extension could not read it.
 */
const StatementStatsRow = z.object({
  calls: z.string(),
  total: z.string(),
  mean: z.string(),
  plan: z.string(),
  query: z.string().nullable(),
});

/** The phase's 12 most expensive statements (nested ones too: the SQL functions'), then a reset for the next phase. */
async function printStatementStats(phase: string): Promise<void> {
  const rows = await withOwner(async (admin) => {
    const top = await parsedRows(
      StatementStatsRow,
      admin`
      select calls, round(total_exec_time::numeric, 1) as total, round((total_exec_time / calls)::numeric, 3) as mean,
        round((total_plan_time / greatest(plans, 1))::numeric, 3) as plan,
        left(regexp_replace(query, '\\s+', ' ', 'g'), 100) as query
      from pg_stat_statements where calls > 0 order by total_exec_time desc limit 12`,
    );
    await admin`select pg_stat_statements_reset()`;
    return top;
  });
  say(`${phase}: statements by execution time (calls, total ms, mean ms, mean plan ms, statement)`);
  for (const row of rows) say(`  ${row.calls}  ${row.total}  ${row.mean}  ${row.plan}  ${row.query}`);
}

let embedded: EmbeddedDatabase | undefined;
let worker: WorkerHandle | undefined;
let receiver: ChildProcess | undefined;

async function shutdown(): Promise<void> {
  receiver?.kill();
  await worker?.stop().catch(() => {});
  await closeDb().catch(() => {});
  await embedded?.stop().catch(() => {});
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    say(`${signal}: stopping…`);
    void shutdown().finally(() => process.exit(code));
  });
}

async function prepareDatabase(): Promise<string> {
  if (process.env.DATABASE_URL) {
    const random = () => crypto.randomBytes(32).toString('base64');
    process.env.AUTH_SECRET ??= random();
    process.env.ENCRYPTION_KEY ??= random();
    await migrateFromEnv(process.env);
    return 'DATABASE_URL';
  }
  embedded = await startEmbeddedDatabase({
    dir: '.data/bench',
    database: 'payout_bench_webhooks',
    log: say,
    ...(config.pgStats
      ? {
          settings: {
            shared_preload_libraries: 'pg_stat_statements',
            'pg_stat_statements.track': 'all',
            'pg_stat_statements.track_planning': 'on',
          },
        }
      : {}),
  });
  Object.assign(process.env, embedded.env);
  // As the owner, granting the app's role (which DATABASE_URL logs in as) what it needs.
  await migrateFromEnv(process.env);
  return `embedded PostgreSQL on 127.0.0.1:${embedded.port} (.data/bench)`;
}

interface Arrival {
  commitAt: number;
  arrivalAt?: number;
}

const ledger = new Map<string, Arrival>();
/**
 * Arrivals of events whose committer has not read its commit's acknowledgment yet: the worker (same process) may
 * claim and deliver an event between PostgreSQL's commit and that read. Matched when the committer records it.
 */
const early = new Map<string, number[]>();
let duplicates = 0;
let badSignatures = 0;
let arrived = 0;
const arrivalWaiters = new Set<() => void>();

function recordArrival(entry: Arrival, at: number): void {
  if (entry.arrivalAt !== undefined) {
    duplicates += 1;
    return;
  }
  entry.arrivalAt = at;
  arrived += 1;
}

function onReceiverMessage(message: ReceiverMessage): void {
  if (message.kind !== 'arrivals') return;
  badSignatures += message.badSignatures;
  for (const [eventId, at] of message.arrivals) {
    const entry = ledger.get(eventId);
    if (entry) recordArrival(entry, at);
    else early.set(eventId, [...(early.get(eventId) ?? []), at]);
  }
  for (const wake of arrivalWaiters) wake();
}

async function startReceiver(): Promise<number> {
  receiver = fork(path.join(ROOT, 'bench', 'webhook-receiver.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    receiver!.once('error', reject);
    receiver!.on('message', (message: ReceiverMessage) => {
      if (message.kind === 'listening') resolve(message.port);
      else onReceiverMessage(message);
    });
  });
}

/** One event in its own transaction, as a state change writes it; returns when the commit is acknowledged. */
async function commitEvent(orgId: string, index: number): Promise<void> {
  let eventId = '';
  await db().transaction(async (tx) => {
    const depositId = crypto.randomUUID();
    eventId = await recordEvent(tx, {
      orgId,
      type: 'funding.deposit_credited',
      actor: SYSTEM_ACTOR,
      subjectId: depositId,
      data: {
        id: depositId,
        amount: `${(index % 1000) + 1}.00`,
        currency: 'USDT',
        chain_id: depositId,
        chain: 'tron',
        address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
        transaction_hash: crypto.randomBytes(32).toString('hex'),
        status: 'credited',
        created_at: new Date().toISOString(),
      },
    });
  });
  const entry: Arrival = { commitAt: Date.now() };
  ledger.set(eventId, entry);
  const arrivals = early.get(eventId);
  if (arrivals) {
    early.delete(eventId);
    for (const at of arrivals) recordArrival(entry, at);
    for (const wake of arrivalWaiters) wake();
  }
}

function waitForArrivals(expected: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      if (arrived >= expected) {
        arrivalWaiters.delete(check);
        clearTimeout(timer);
        resolve(true);
      }
    };
    const timer = setTimeout(() => {
      arrivalWaiters.delete(check);
      resolve(false);
    }, timeoutMs);
    arrivalWaiters.add(check);
    check();
  });
}

interface PhaseResult {
  phase: string;
  events: number;
  deliveries: number;
  seconds: number;
  committedPerSecond: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  missing: number;
  /** CPU per delivered event (ms): this process (committers + worker), PostgreSQL, the receiver. */
  cpuMsPerDelivery: { app: number; postgres: number | null; receiver: number | null };
  /** Share of the machine used by processes outside the benchmark while it ran (a shared machine skews figures). */
  otherCpuPercent: number | null;
  /** Backlog only: CPU per committed event while the worker was stopped (this process, PostgreSQL). */
  commitCpuMsPerEvent?: { app: number; postgres: number | null };
}

interface CpuSnapshot {
  appMs: number;
  postgresMs: number | null;
  receiverMs: number | null;
  machineMs: number | null;
  at: number;
}

function cpuSnapshot(): CpuSnapshot {
  const usage = process.cpuUsage();
  return {
    appMs: (usage.user + usage.system) / 1000,
    postgresMs: treeCpuMs(embedded?.pid),
    receiverMs: treeCpuMs(receiver?.pid),
    machineMs: machineBusyMs(),
    at: Date.now(),
  };
}

const delta = (after: number | null, before: number | null) =>
  after === null || before === null ? null : after - before;

function startBenchWorker(): Promise<WorkerHandle> {
  return startWorker({
    connectionString: env().DATABASE_URL,
    concurrency: 1,
    webhookConcurrency: config.webhookConcurrency,
  });
}

async function runPhase(phase: string, orgIds: string[]): Promise<PhaseResult> {
  ledger.clear();
  early.clear();
  arrived = 0;
  const total = config.events;
  const expected = total;
  say(
    `${phase}: committing ${total} events${phase === 'steady' ? ` at ${config.rate}/s` : ` with ${config.producers} committers`}…`,
  );
  let cpuBefore = cpuSnapshot();
  let started = Date.now();
  let commitSeconds: number | undefined;
  let commitCpu: PhaseResult['commitCpuMsPerEvent'];
  let next = 0;
  if (phase === 'backlog') {
    // Deliveries alone: the events are committed while the worker is stopped, then it drains them (time and CPU
    // counted from its start), so commits do not share the machine with deliveries.
    await worker?.stop();
    await Promise.all(
      Array.from({ length: config.producers }, async () => {
        while (next < total) {
          const index = next++;
          await commitEvent(orgIds[index % orgIds.length]!, index);
        }
      }),
    );
    commitSeconds = (Date.now() - started) / 1000;
    const afterCommits = cpuSnapshot();
    commitCpu = {
      app: round((afterCommits.appMs - cpuBefore.appMs) / total, 2),
      postgres: (() => {
        const ms = delta(afterCommits.postgresMs, cpuBefore.postgresMs);
        return ms === null ? null : round(ms / total, 2);
      })(),
    };
    cpuBefore = afterCommits;
    started = Date.now();
    worker = await startBenchWorker();
  } else if (phase === 'burst') {
    await Promise.all(
      Array.from({ length: config.producers }, async () => {
        while (next < total) {
          const index = next++;
          await commitEvent(orgIds[index % orgIds.length]!, index);
        }
      }),
    );
  } else {
    const inFlight = new Set<Promise<void>>();
    while (next < total) {
      const due = started + (next * 1000) / config.rate;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const index = next++;
      const promise = commitEvent(orgIds[index % orgIds.length]!, index).finally(() =>
        inFlight.delete(promise),
      );
      inFlight.add(promise);
    }
    await Promise.all(inFlight);
  }
  const committedAt = Date.now();
  say(
    `${phase}: committed in ${round(commitSeconds ?? (committedAt - started) / 1000)} s; waiting for deliveries…`,
  );
  await waitForArrivals(expected, 300_000);
  const latencies: number[] = [];
  let lastArrival = started;
  for (const entry of ledger.values()) {
    if (entry.arrivalAt === undefined) continue;
    // Delivered before its committer read the acknowledgment: no measurable delay.
    latencies.push(Math.max(0, entry.arrivalAt - entry.commitAt));
    lastArrival = Math.max(lastArrival, entry.arrivalAt);
  }
  latencies.sort((a, b) => a - b);
  const seconds = (lastArrival - started) / 1000;
  const cpuAfter = cpuSnapshot();
  if (config.pgStats) await printStatementStats(phase);
  const per = (value: number | null) =>
    value === null ? null : round(value / Math.max(1, latencies.length), 2);
  const ours = [
    cpuAfter.appMs - cpuBefore.appMs,
    delta(cpuAfter.postgresMs, cpuBefore.postgresMs) ?? 0,
    delta(cpuAfter.receiverMs, cpuBefore.receiverMs) ?? 0,
  ].reduce((a, b) => a + b, 0);
  const machine = delta(cpuAfter.machineMs, cpuBefore.machineMs);
  const capacityMs = (cpuAfter.at - cpuBefore.at) * os.cpus().length;
  return {
    phase,
    events: total,
    deliveries: latencies.length,
    seconds: round(seconds, 2),
    committedPerSecond: round(total / (commitSeconds ?? (committedAt - started) / 1000)),
    deliveriesPerSecond: round(latencies.length / seconds),
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    missing: total - latencies.length,
    cpuMsPerDelivery: {
      app: per(cpuAfter.appMs - cpuBefore.appMs)!,
      postgres: per(delta(cpuAfter.postgresMs, cpuBefore.postgresMs)),
      receiver: per(delta(cpuAfter.receiverMs, cpuBefore.receiverMs)),
    },
    otherCpuPercent: machine === null ? null : round(Math.max(0, ((machine - ours) / capacityMs) * 100), 0),
    ...(commitCpu ? { commitCpuMsPerEvent: commitCpu } : {}),
  };
}

async function main(): Promise<void> {
  const databaseDescription = await prepareDatabase();
  Object.assign(process.env, {
    APP_ENV: 'sandbox',
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_CONCURRENCY: String(config.webhookConcurrency),
    WEBHOOK_ENDPOINT_CONCURRENCY: String(config.endpointConcurrency),
    DB_POOL_MAX: process.env.DB_POOL_MAX ?? '16',
    WORKER_IN_PROCESS: 'false',
  });
  await ensureSandboxChains(db());
  if (config.pgStats) await withOwner((admin) => admin`create extension if not exists pg_stat_statements`);

  // The receiver starts first (the endpoints need its port) and learns the endpoints' secrets afterwards.
  const orgIds: string[] = [];
  const secrets: string[] = [];
  const port = await startReceiver();
  for (let i = 0; i < config.endpoints; i += 1) {
    const organization = await createOrganization(db(), {
      name: `Bench webhooks ${new Date().toISOString()} #${i}`,
    });
    const actor: Actor = {
      orgId: organization.id,
      role: 'approver',
      via: 'api_key',
      entitlements: ['payouts'],
    };
    const endpoint = await createEndpoint(db(), actor, {
      url: `http://127.0.0.1:${port}/webhooks`,
      event_types: ['*'],
    });
    orgIds.push(organization.id);
    secrets.push(endpoint.secret);
  }
  receiver?.send({ kind: 'secrets', secrets });
  // Only this run's jobs: a leftover queue from an interrupted run would distort the figures.
  await db().execute(
    // Through graphile-worker's public interface (its tables are private): the jobs view and complete_jobs.
    sql`select count(*) from graphile_worker.complete_jobs(array(select id from graphile_worker.jobs where task_identifier = ${DRAIN_TASK}))`,
  );
  await db().execute(sql`delete from webhook_endpoint_drains`);

  worker = await startBenchWorker();
  say(
    `worker in-process: ${config.webhookConcurrency} delivery slots, ${config.endpointConcurrency} per endpoint; ${config.endpoints} endpoint(s); ${os.cpus().length} cores; ${databaseDescription}`,
  );

  const results: PhaseResult[] = [];
  for (const phase of config.phases) {
    if (phase !== 'burst' && phase !== 'steady' && phase !== 'backlog')
      throw new Error(`BENCH_PHASES: unknown phase ${phase}`);
    results.push(await runPhase(phase, orgIds));
  }

  const lines = [
    '',
    '| phase | events | delivered | committed/s | deliveries/s | p50 ms | p95 ms | p99 ms | max ms | CPU ms/delivery (app + PostgreSQL + receiver) | other load |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...results.map(
      (r) =>
        `| ${r.phase} | ${r.events} | ${r.deliveries} | ${r.committedPerSecond} | ${r.deliveriesPerSecond} | ${r.p50Ms} | ${r.p95Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.cpuMsPerDelivery.app} + ${r.cpuMsPerDelivery.postgres ?? 'n/a'} + ${r.cpuMsPerDelivery.receiver ?? 'n/a'} | ${r.otherCpuPercent === null ? 'n/a' : `${r.otherCpuPercent} %`} |`,
    ),
    '',
  ];
  process.stdout.write(lines.join('\n'));
  const burst = results.find((r) => r.phase === 'burst');
  const steady = results.find((r) => r.phase === 'steady');
  const backlog = results.find((r) => r.phase === 'backlog');
  if (backlog) {
    say(`delivery alone (backlog): ${backlog.deliveriesPerSecond} deliveries/s`);
    if (backlog.commitCpuMsPerEvent) {
      say(
        `commit alone (backlog, worker stopped): CPU ms per event ${backlog.commitCpuMsPerEvent.app} + ${backlog.commitCpuMsPerEvent.postgres ?? 'n/a'} (app + PostgreSQL)`,
      );
    }
  }
  if (burst) {
    say(
      `throughput (burst): ${burst.deliveriesPerSecond} deliveries/s — target ≥ ${TARGETS.deliveriesPerSecond}: ${burst.deliveriesPerSecond >= TARGETS.deliveriesPerSecond ? 'PASS' : 'FAIL'}`,
    );
  }
  if (steady) {
    say(
      `latency at ${config.rate}/s: p50 ${steady.p50Ms} ms, p95 ${steady.p95Ms} ms — target p50 < ${TARGETS.p50Ms} ms: ${steady.p50Ms < TARGETS.p50Ms ? 'PASS' : 'FAIL'}`,
    );
  }
  say(
    `bad signatures: ${badSignatures}; duplicate deliveries: ${duplicates}; missing: ${results.reduce((n, r) => n + r.missing, 0)}`,
  );
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `webhooks-${new Date().toISOString().replaceAll(':', '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ config, results, badSignatures, duplicates }, null, 2)}\n`);
  say(`report: ${path.relative(ROOT, file)}`);
  if (badSignatures > 0 || results.some((r) => r.missing > 0)) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await shutdown();
}
