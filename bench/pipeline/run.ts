// Owns one pipeline run, shared by bench:pipeline and test/server/pipeline.test.ts: the cluster, its organizations and
// receiver, then phases of traffic (optionally through a killed app instance, a killed worker and a PostgreSQL
// restart), each measured end to end, and the invariants over everything the run did.
import type postgres from 'postgres';
import { z } from 'zod';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import { type Cluster, type ClusterOptions, ownerSql, startCluster } from './cluster';
import {
  checkDeliveries,
  checkLedger,
  checkOrders,
  checkRepeats,
  checkServerErrors,
  checkSingleEffects,
  checkUnresolved,
} from './invariants';
import { type Receiver, startReceiver } from './receiver';
import {
  type BootstrappedOrg,
  type Integrator,
  prepareIntegrator,
  runTraffic,
  Spread,
  type TrafficResult,
} from './traffic';

/** A `count(*)::int as n` row. */
const CountRow = z.object({ n: z.number() });

export interface Pipeline {
  cluster: Cluster;
  receiver: Receiver;
  spread: Spread;
  integrators: Integrator[];
  sql: postgres.Sql;
  /** Everything sent, over every phase, for the invariants. */
  traffic: TrafficResult[];
  /** When PostgreSQL was down (5xx are allowed then). */
  outages: { downAt: number; upAt: number }[];
  /** What the chaos did, with times, for the report. */
  incidents: string[];
  close(): Promise<void>;
}

export interface SetUpOptions extends Omit<ClusterOptions, 'apps' | 'workers'> {
  apps: number;
  workers: number;
  organizations: number;
}

export async function setUpPipeline(options: SetUpOptions): Promise<Pipeline> {
  const log = options.log ?? (() => {});
  const cluster = await startCluster(options);
  let receiver: Receiver | undefined;
  let sql: postgres.Sql | undefined;
  try {
    // Integrators' organizations through the CLI's `sandbox bootstrap` service, on the demo's rates and corridors.
    log('bootstrapping organizations…');
    const orgs = JSON.parse(
      (await cluster.runScript('bench/pipeline/bootstrap-orgs.ts', [String(options.organizations)])).trim(),
    ) as BootstrappedOrg[];
    log(
      `starting ${cluster.apps.length} app instance(s) behind PgBouncer and ${cluster.workers.length} worker(s)…`,
    );
    await Promise.all([...cluster.apps, ...cluster.workers].map((p) => p.start()));
    receiver = await startReceiver();
    const spread = new Spread(cluster.apps);
    const integrators: Integrator[] = [];
    for (const [index, org] of orgs.entries()) {
      integrators.push(await prepareIntegrator(org, spread, receiver, index));
    }
    sql = ownerSql(cluster);
    const pipeline: Pipeline = {
      cluster,
      receiver,
      spread,
      integrators,
      sql,
      traffic: [],
      outages: [],
      incidents: [],
      close: async () => {
        await receiver?.close();
        await sql?.end({ timeout: 5 });
        await cluster.stop();
      },
    };
    return pipeline;
  } catch (error) {
    await receiver?.close();
    await sql?.end({ timeout: 5 });
    await cluster.stop();
    throw error;
  }
}

export interface PhaseOptions {
  name: string;
  apps: number;
  workers: number;
  durationMs: number;
  loopsPerOrg: number;
  sizes: number[];
  repeatEvery: number;
  /** kill -9 an app instance and a worker (restarted), and restart PostgreSQL, during the phase. */
  chaos: boolean;
  /** How long to wait after the last submission for every order to finish and be delivered. */
  drainTimeoutMs: number;
  log?: (message: string) => void;
}

export interface PhaseReport {
  name: string;
  apps: number;
  workers: number;
  orders: number;
  batches: number;
  deposits: number;
  withdrawals: number;
  /** Orders that reached their terminal state and whose terminal event was delivered, per second of the phase. */
  ordersPerSecond: number;
  /** create request → terminal event at the receiver. */
  endToEnd: { p50Ms: number; p99Ms: number };
  /** An event's commit (its created_at) → its first arrival, over every event of the phase. */
  commitToDelivery: { p50Ms: number; p99Ms: number; events: number };
  seconds: number;
  drained: boolean;
  failures: string[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the first `count` processes and stops the rest, so a phase runs on exactly that many. */
async function scale(processes: Cluster['apps'], count: number): Promise<void> {
  await Promise.all(processes.map((p, i) => (i < count ? p.start() : p.stop())));
}

/** Jobs locked by the worker process `pid` (its slots are in its heartbeat row), waiting up to `timeoutMs` for one. */
async function heldJobs(sql: postgres.Sql, pid: number | undefined, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await parsedRows(
      CountRow,
      sql`
      select count(*)::int as n from graphile_worker.jobs j join worker_heartbeats h on j.locked_by = any(h.job_worker_ids)
      where h.worker_id like ${`%:${pid}:%`}`,
    );
    if (row!.n > 0 || Date.now() > deadline) return row!.n;
    await sleep(10);
  }
}

/** When every instance's readiness probe (`/api/health/ready`) answers 200 again, polled every 50 ms for up to 60 s. */
async function readyAgain(apps: Cluster['apps']): Promise<number> {
  const deadline = Date.now() + 60_000;
  const ready = async (port: number | undefined) => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok;
    } catch {
      return false;
    }
  };
  while (Date.now() < deadline) {
    if ((await Promise.all(apps.map((app) => ready(app.port)))).every(Boolean)) return Date.now();
    await sleep(50);
  }
  throw new Error('the instances were not ready within 60 s of the PostgreSQL restart');
}

async function chaos(pipeline: Pipeline, durationMs: number, log: (message: string) => void): Promise<void> {
  const { cluster, incidents } = pipeline;
  const at = (fraction: number) => sleep(durationMs * fraction);
  const note = (what: string) => {
    incidents.push(`${new Date().toISOString()} ${what}`);
    log(what);
  };
  await at(0.1);
  // The worker first: the webhook drains it held wait out their lease (30 s) while the rest of the chaos runs.
  const worker = cluster.workers[0]!;
  // Killed while it holds a job if possible (within 10 s): that job must not wait graphile-worker's 4 hours.
  const held = await heldJobs(pipeline.sql, worker.pid, 10_000);
  note(`kill -9 ${worker.name} (pid ${worker.pid}) holding ${held} job(s)`);
  await worker.kill9();
  await sleep(1_000);
  await worker.start();
  note(`${worker.name} back (pid ${worker.pid})`);
  const app = cluster.apps[0]!;
  // Killed mid-request if possible (within 10 s): the client must carry that request to the other instance.
  const deadline = Date.now() + 10_000;
  while (pipeline.spread.inFlight(app.name) === 0 && Date.now() < deadline) await sleep(2);
  note(
    `kill -9 ${app.name} (pid ${app.pid}) with ${pipeline.spread.inFlight(app.name)} request(s) in flight`,
  );
  await app.kill9();
  await sleep(1_000);
  await app.start();
  note(`${app.name} back (pid ${app.pid})`);
  await at(0.1);
  note('restarting PostgreSQL');
  const outage = await cluster.restartPostgres();
  // Back for integrators once every instance is ready again (its readiness queries through its own pool and
  // PgBouncer, which refuses new server logins for server_login_retry after a failed one): the outage ends then.
  const serving = await readyAgain(cluster.apps.filter((app) => app.running()));
  pipeline.outages.push({ downAt: outage.downAt, upAt: serving });
  note(
    `PostgreSQL back after ${outage.upAt - outage.downAt} ms, every instance ready after ${serving - outage.downAt} ms`,
  );
}

export async function runPhase(pipeline: Pipeline, options: PhaseOptions): Promise<PhaseReport> {
  const log = options.log ?? (() => {});
  const { cluster, receiver, spread, integrators, sql } = pipeline;
  await scale(cluster.apps, options.apps);
  await scale(cluster.workers, options.workers);
  spread.active = options.apps;
  log(
    `${options.name}: ${options.apps} app instance(s), ${options.workers} worker(s), ${options.durationMs / 1000} s of traffic…`,
  );
  const startedAt = Date.now();
  // Traffic goes on until the chaos is over and a little after (restarts on a loaded machine take longer than planned).
  let until = startedAt + options.durationMs;
  const [traffic] = await Promise.all([
    runTraffic(integrators, {
      loopsPerOrg: options.loopsPerOrg,
      keepGoing: () => Date.now() < until,
      sizes: options.sizes,
      repeatEvery: options.repeatEvery,
    }),
    options.chaos
      ? chaos(pipeline, options.durationMs, log).then(() => {
          until = Math.max(until, Date.now() + 3_000);
        })
      : Promise.resolve(),
  ]);
  pipeline.traffic.push(traffic);
  log(
    `${options.name}: sent ${traffic.orders.length} orders in ${traffic.batches} batches, ${traffic.deposits} deposits, ${traffic.withdrawals} withdrawals; waiting for the lifecycle and deliveries…`,
  );

  // Done when every order is terminal and its terminal event arrived.
  const terminalArrival = (orderId: string) =>
    receiver.firstOf('order.completed', orderId) ?? receiver.firstOf('order.failed', orderId);
  let lastProgress = Date.now();
  let done = 0;
  const drained = await receiver.waitUntil(() => {
    // Orders finish roughly in the order they were sent: resume from the first one not yet done.
    while (done < traffic.orders.length && terminalArrival(traffic.orders[done]!.id) !== undefined) done += 1;
    if (Date.now() - lastProgress > 10_000) {
      lastProgress = Date.now();
      log(
        `${options.name}: ${done} of ${traffic.orders.length} orders delivered in a terminal state (in order)`,
      );
    }
    return done === traffic.orders.length;
  }, options.drainTimeoutMs);

  const endToEnd: number[] = [];
  let last = startedAt;
  for (const order of traffic.orders) {
    const at = terminalArrival(order.id);
    if (at === undefined) continue;
    endToEnd.push(at - order.createdAt);
    last = Math.max(last, at);
  }
  endToEnd.sort((a, b) => a - b);
  const commitToDelivery = [...receiver.arrivals.values()]
    .filter((a) => a.firstAt >= startedAt && a.createdAt)
    .map((a) => Math.max(0, a.firstAt - Date.parse(a.createdAt)))
    .sort((a, b) => a - b);
  const seconds = (last - startedAt) / 1000;
  const unfinished = await parsedRows(
    CountRow,
    sql`
    select count(*)::int as n from payout_orders where id = any(${traffic.orders.map((o) => o.id)}::uuid[])
      and status not in ('COMPLETED', 'FAILED', 'CANCELLED_EXPIRED')`,
  );
  if (unfinished[0]!.n > 0)
    log(`${options.name}: ${unfinished[0]!.n} orders not terminal after the drain timeout`);
  const report: PhaseReport = {
    name: options.name,
    apps: options.apps,
    workers: options.workers,
    orders: traffic.orders.length,
    batches: traffic.batches,
    deposits: traffic.deposits,
    withdrawals: traffic.withdrawals,
    ordersPerSecond: Math.round((endToEnd.length / Math.max(seconds, 0.001)) * 10) / 10,
    endToEnd: { p50Ms: percentile(endToEnd, 50), p99Ms: percentile(endToEnd, 99) },
    commitToDelivery: {
      p50Ms: percentile(commitToDelivery, 50),
      p99Ms: percentile(commitToDelivery, 99),
      events: commitToDelivery.length,
    },
    seconds: Math.round(seconds * 10) / 10,
    drained,
    failures: traffic.failures,
  };
  log(
    `${options.name}: ${report.ordersPerSecond} orders/s end to end over ${report.seconds} s; create → delivered p50 ${report.endToEnd.p50Ms} ms, p99 ${report.endToEnd.p99Ms} ms; commit → delivery p50 ${report.commitToDelivery.p50Ms} ms, p99 ${report.commitToDelivery.p99Ms} ms${drained ? '' : ' (NOT drained)'}`,
  );
  return report;
}

export interface InvariantReport {
  orders: string[];
  ledger: string[];
  deliveries: string[];
  events: number;
  repeats: string[];
  repeated: number;
  singleEffects: string[];
  unresolved: { problems: string[]; neverRan: number; ranOnce: number };
  serverErrors: string[];
  failures: string[];
  badSignatures: number;
}

/** Waits for every public event to be delivered (withdrawals may still be moving), then checks everything. */
export async function checkInvariants(
  pipeline: Pipeline,
  options: { deliveryTimeoutMs: number; graceMs: number },
) {
  const { sql, integrators, receiver, traffic } = pipeline;
  const orders = traffic.flatMap((t) => t.orders);
  const repeats = traffic.flatMap((t) => t.repeats);
  const orgIds = integrators.map((i) => i.org.org_id);
  // The run's withdrawals (10.x USDT; the bootstrap's own history has some that never move) finish a few sandbox
  // steps after the last one was sent; then their events must arrive too.
  const deadline = Date.now() + options.deliveryTimeoutMs;
  let deliveries = await checkDeliveries(integrators, receiver);
  while (Date.now() < deadline) {
    const [inFlight] = await parsedRows(
      CountRow,
      sql`
      select count(*)::int as n from withdrawals where org_id = any(${orgIds}::uuid[])
        and status in ('SUBMITTED', 'PROCESSING') and amount < 11`,
    );
    if (inFlight!.n === 0 && deliveries.problems.length === 0) break;
    await sleep(500);
    deliveries = await checkDeliveries(integrators, receiver);
  }
  const report: InvariantReport = {
    orders: await checkOrders(sql, orders),
    ledger: await checkLedger(sql, orgIds),
    deliveries: deliveries.problems,
    events: deliveries.events,
    repeats: checkRepeats(repeats),
    repeated: repeats.length,
    singleEffects: await checkSingleEffects(sql, orgIds),
    unresolved: await checkUnresolved(
      sql,
      traffic.flatMap((t) => t.unresolved),
    ),
    serverErrors: checkServerErrors(pipeline.spread.answers, pipeline.outages, options.graceMs),
    failures: traffic.flatMap((t) => t.failures).slice(0, 20),
    badSignatures: receiver.badSignatures(),
  };
  return report;
}

export function invariantProblems(report: InvariantReport): string[] {
  return [
    ...report.orders,
    ...report.ledger,
    ...report.deliveries,
    ...report.repeats,
    ...report.singleEffects,
    ...report.unresolved.problems,
    ...report.serverErrors.map((e) => `5xx: ${e}`),
    ...report.failures.map((f) => `request failed after retries: ${f}`),
    ...(report.badSignatures ? [`${report.badSignatures} deliveries with a bad signature`] : []),
  ];
}

/**
 * The error lines each process printed (the tail), for a failed run's report: what an operator would grep the
 * instances' logs for first.
 */
export function processErrors(pipeline: Pipeline, perProcess = 12): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const process of [...pipeline.cluster.apps, ...pipeline.cluster.workers]) {
    const lines = process
      .output()
      .split('\n')
      .filter((line) => /"level":"(error|fatal)"|\bERROR\b|Error:/.test(line))
      .map((line) => withoutStack(line).slice(0, 600));
    if (lines.length > 0) errors[process.name] = lines.slice(-perProcess);
  }
  return errors;
}

/** Where the run stands in the database: orders by status, deliveries not yet made, jobs, live workers, connections. */
export async function stateSummary(pipeline: Pipeline): Promise<Record<string, unknown>> {
  const { sql } = pipeline;
  const ids = pipeline.traffic.flatMap((t) => t.orders.map((o) => o.id));
  const [orders, deliveries, jobs, leases, heartbeats, connections] = await Promise.all([
    sql`select status, count(*)::int as n from payout_orders where id = any(${ids}::uuid[]) group by 1`,
    sql`select status, count(*)::int as n, min(next_attempt_at) as first_due from webhook_deliveries
      where status = 'pending' group by 1`,
    sql`select task_identifier as task, locked_by is not null as locked, count(*)::int as n, max(attempts) as attempts,
        min(run_at) as first_run, max(left(last_error, 160)) as error
      from graphile_worker.jobs where task_identifier <> 'payouts.expire-funding' group by 1, 2`,
    sql`select owner, lease_expires_at from webhook_endpoint_drains`,
    sql`select worker_id, now() - last_seen_at as age, job_worker_ids from worker_heartbeats`,
    // Who holds PostgreSQL's connections (max_connections is MAX_CONNECTIONS): a pooler refused new logins late in a run.
    sql`select usename, state, count(*)::int as n from pg_stat_activity where backend_type = 'client backend'
      group by 1, 2 order by 3 desc`,
  ]);
  return { orders, deliveries, jobs, leases, heartbeats, connections };
}

/** A JSON log line without its stack, so the database's code (`cause_code`) survives the cut to 600 characters. */
function withoutStack(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const { stack: _stack, ...rest } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return line;
  }
}

export interface ConnectionPeak {
  /** The most client connections PostgreSQL held at once, and by which roles then. */
  total: number;
  byRole: Record<string, number>;
}

/**
 * Samples PostgreSQL's client connections every `everyMs` until stopped: how close the instances, the pooler and the
 * workers come to max_connections (a refused login is a 5xx). Samples during the restart fail and are skipped.
 */
export function sampleConnections(pipeline: Pipeline, everyMs = 500): { stop(): Promise<ConnectionPeak> } {
  const peak: ConnectionPeak = { total: 0, byRole: {} };
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = parsedRows(
      z.object({ role: z.string(), n: z.number() }),
      pipeline.sql`
      select coalesce(usename, 'logging in') as role, count(*)::int as n from pg_stat_activity
      where backend_type = 'client backend' group by 1`,
    )
      .then((rows) => {
        const total = rows.reduce((sum, row) => sum + row.n, 0);
        if (total <= peak.total) return;
        peak.total = total;
        peak.byRole = Object.fromEntries(rows.map((row) => [row.role, row.n]));
      })
      .catch(() => {});
  }, everyMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await sampling;
      return peak;
    },
  };
}
