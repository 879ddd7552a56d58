// Owns `npm run bench:pipeline`: the whole pipeline on this machine — its own PostgreSQL, PgBouncer in transaction
// mode, app instances as `npm start` serves the build and `npm run worker` processes — measured end to end (create →
// terminal state → webhook delivered) with one instance and one worker, then two and two, side by side in one run;
// then two and two again through a kill -9 of an app instance and of a worker and a PostgreSQL restart, after which
// the invariants must hold (bench/pipeline/invariants.ts). See bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_CONNECTIONS, ROOT } from './pipeline/cluster';
import {
  checkInvariants,
  invariantProblems,
  type PhaseReport,
  type Pipeline,
  processErrors,
  runPhase,
  sampleConnections,
  setUpPipeline,
  stateSummary,
} from './pipeline/run';

const say = (message: string) => process.stdout.write(`[bench:pipeline] ${message}\n`);

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number above 0 (got ${raw})`);
  return value;
}

const config = {
  seconds: positiveInteger('BENCH_SECONDS', 30),
  organizations: positiveInteger('BENCH_ORGS', 4),
  loopsPerOrg: positiveInteger('BENCH_LOOPS', 2),
  sandboxStepSeconds: positiveInteger('BENCH_SANDBOX_STEP_SECONDS', 1),
  sizes: (process.env.BENCH_SIZES ?? '1,5,20,50').split(',').map(Number),
};

/** PostgreSQL's FATAL, ERROR and PANIC lines of this run (the last 40). */
function postgresProblems(clusterDir: string): string[] {
  try {
    return fs
      .readFileSync(path.join(clusterDir, 'db', 'postgres.log'), 'utf8')
      .split('\n')
      .filter((line) => /\b(FATAL|ERROR|PANIC):/.test(line))
      .slice(-40);
  } catch {
    return [];
  }
}

/** PgBouncer's lines about its server connections and logins (the last 60): why it refused clients. */
function pgbouncerProblems(clusterDir: string): string[] {
  try {
    return fs
      .readFileSync(path.join(clusterDir, 'pgbouncer', 'pgbouncer.log'), 'utf8')
      .split('\n')
      .filter((line) => /\bS-0x|login|WARNING|ERROR|FATAL/.test(line))
      .slice(-60);
  } catch {
    return [];
  }
}

function cpuLoad(): string {
  const [one] = os.loadavg();
  return `load average ${one!.toFixed(2)} on ${os.cpus().length} cores`;
}

let running: Pipeline | undefined;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    say(`${signal}: stopping the cluster…`);
    void (running?.close() ?? Promise.resolve()).finally(() => process.exit(code));
  });
}

async function main(): Promise<void> {
  say(`${cpuLoad()} before the run`);
  const pipeline = await setUpPipeline({
    apps: 2,
    workers: 2,
    organizations: config.organizations,
    portRange: { from: 3150, to: 3199 },
    postgresPortRange: { from: 55450, to: 55499 },
    env: { SANDBOX_STEP_SECONDS: String(config.sandboxStepSeconds) },
    log: say,
  });
  running = pipeline;
  const reports: PhaseReport[] = [];
  let problems: string[] = [];
  const connections = sampleConnections(pipeline);
  try {
    const phase = (name: string, apps: number, workers: number, chaos: boolean) =>
      runPhase(pipeline, {
        name,
        apps,
        workers,
        chaos,
        durationMs: config.seconds * 1000,
        loopsPerOrg: config.loopsPerOrg,
        sizes: config.sizes,
        repeatEvery: 7,
        drainTimeoutMs: 180_000,
        log: say,
      });
    reports.push(await phase('1 instance, 1 worker', 1, 1, false));
    reports.push(await phase('2 instances, 2 workers', 2, 2, false));
    reports.push(await phase('2 + 2 through kill -9 and a PostgreSQL restart', 2, 2, true));
    say(`${cpuLoad()} after the phases`);
    const invariants = await checkInvariants(pipeline, { deliveryTimeoutMs: 120_000, graceMs: 3_000 });
    problems = invariantProblems(invariants);
    const connectionPeak = await connections.stop();
    const lines = [
      '',
      '| phase | orders | batches | orders/s end to end | create → delivered p50 / p99 ms | commit → delivery p50 / p99 ms (events) | drained |',
      '|---|---:|---:|---:|---|---|---|',
      ...reports.map(
        (r) =>
          `| ${r.name} | ${r.orders} | ${r.batches} | ${r.ordersPerSecond} | ${r.endToEnd.p50Ms} / ${r.endToEnd.p99Ms} | ${r.commitToDelivery.p50Ms} / ${r.commitToDelivery.p99Ms} (${r.commitToDelivery.events}) | ${r.drained ? 'yes' : 'NO'} |`,
      ),
      '',
      `incidents: ${pipeline.incidents.join('; ')}`,
      `invariants: ${invariants.events} public events checked against GET /events, ${invariants.repeated} POSTs repeated with their key, ${invariants.unresolved.neverRan + invariants.unresolved.ranOnce} given up on while their key was held by an attempt that died (${invariants.unresolved.neverRan} never ran, ${invariants.unresolved.ranOnce} ran once and replay), ${pipeline.spread.answers.filter((a) => a.status >= 500).length} 5xx answers (all 503 inside the restart window unless listed below)`,
      `PostgreSQL client connections at most ${connectionPeak.total} of ${MAX_CONNECTIONS} (${Object.entries(
        connectionPeak.byRole,
      )
        .map(([role, n]) => `${role} ${n}`)
        .join(', ')})`,
      problems.length === 0 ? 'invariants: PASS' : `invariants: FAIL\n  ${problems.join('\n  ')}`,
      '',
    ];
    process.stdout.write(lines.join('\n'));
    const dir = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `pipeline-${new Date().toISOString().replaceAll(':', '-')}.json`);
    // A failed run keeps what the processes logged as errors, to tell its cause from the report alone.
    const failed = problems.length > 0 || reports.some((r) => !r.drained);
    const errors = failed ? processErrors(pipeline) : {};
    for (const [name, lines] of Object.entries(errors)) say(`${name} errors:\n  ${lines.join('\n  ')}`);
    // And where the database stands, with what PostgreSQL itself logged (the cluster's directory goes with it).
    const state = failed ? await stateSummary(pipeline) : undefined;
    // Every run keeps PostgreSQL's and PgBouncer's own account of the restart (their logs go with the cluster).
    const postgresLog = postgresProblems(pipeline.cluster.dir);
    const pgbouncerLog = pgbouncerProblems(pipeline.cluster.dir);
    if (failed)
      say(
        `connections: ${JSON.stringify(state?.connections)}\npostgres:\n  ${postgresLog.join('\n  ')}\npgbouncer:\n  ${pgbouncerLog.join('\n  ')}`,
      );
    fs.writeFileSync(
      file,
      `${JSON.stringify({ config, machine: cpuLoad(), reports, incidents: pipeline.incidents, invariants, connectionPeak, errors, state, postgresLog, pgbouncerLog }, null, 2)}\n`,
    );
    say(`report: ${path.relative(ROOT, file)}`);
  } finally {
    await pipeline.close();
  }
  if (problems.length > 0 || reports.some((r) => !r.drained)) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
