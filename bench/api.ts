// Owns `npm run bench:api`: signed GET /api/v2/funding/transactions?limit=100 on four servers in one run — a bare
// node:http server and a minimal Next app (bench/next-floor) doing the same work (bench/funding-baseline.ts), the
// app's `next start`, and what `npm start` serves (the front + Next) — in interleaved rounds, reporting medians, so
// every run separates Next's own cost (floor ÷ bare) from ours (app ÷ floor) and drift falls on all alike.
//
// Self-contained: database (DATABASE_URL, else an embedded cluster in .data/bench), migrations, a fresh organization
// with ~1,000 ledger movements, the production build, the servers, one load-generator process per run, a Markdown
// table, the targets and a JSON report in bench/results/. Everything it started is stopped on exit and on Ctrl-C.
// See bench/README.md.
import '@/lib/app/register';
import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { closeDb, db, sqlClient } from '@/db/client';
import { creditDeposit } from '@/lib/funding/server';
import { MAX_RATE_LIMIT_PER_MINUTE } from '@/lib/identity/contract/api-key-limits';
import { createApiKey, createOrganization } from '@/lib/identity/server';
import { ensureSandboxChains } from '@/lib/platform/chains/sandbox-chains';
import { signRequest } from '@/lib/platform/client/sign';
import { staleBuildReason } from '../scripts/build-state.mjs';
import { type EmbeddedDatabase, freePort } from '../scripts/embedded-db.mjs';
import { benchDatabase, serverEnv } from './bench-database';
import { spawnDetached, stopChild } from './child-processes';
import { machineBusyMs, treeCpuMs } from './cpu';
import { positiveInteger } from './env-number';
import type { LoadConfig, LoadCredentials, LoadPhase, LoadResult } from './load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const NEXT_CLI = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
const FRONT = path.join(ROOT, 'scripts', 'front.mjs');
const URI = '/api/v2/funding/transactions?limit=100';
/** The minimal Next app: the baseline's work in plain route handlers, built and started beside the app. */
const FLOOR_APP = path.join('bench', 'next-floor');
/** Far above any rate this machine reaches, so the limiter counts every request (as in production) but never refuses. */
const BENCH_RATE_LIMIT_PER_MINUTE = 1_000_000;
/** Tokens are pre-signed with the longest lifetime the server accepts (300 s); a run must end well before. */
const MAX_SECONDS = 240;

const TARGETS = {
  throughputRatioAt20: 0.5,
  p50DeltaAt1Ms: 5,
  /** Issue #33: what our code adds on top of Next's own cost for the same work. */
  overFloorThroughputAt20: 0.9,
  overFloorP50DeltaAt1Ms: 1,
} as const;

/**
 * `floor` is the minimal Next app doing the bare server's work; `front` is what `npm start` serves: Next behind
 * scripts/front.mjs, in one process.
 */
type ServerName = 'bare' | 'floor' | 'next' | 'front';
const SERVER_ORDER: readonly ServerName[] = ['bare', 'floor', 'next', 'front'];

interface RunRecord {
  server: ServerName;
  round: number;
  connections: number;
  result: LoadResult;
  /** CPU used during the timed run, per request, by the server's processes and by PostgreSQL (Linux only). */
  cpuMsPerRequest: { server: number | null; postgres: number | null };
  /**
   * Share of the machine's CPU (all cores) used during the timed run by processes that are not part of the
   * benchmark — someone's test run or build on a shared machine. Above a few percent the figures are skewed.
   */
  otherCpuPercent: number | null;
}

/** Above this share of the machine taken by other processes, a run is flagged as disturbed. */
const OTHER_CPU_FLAG_PERCENT = 10;

const config = {
  rounds: positiveInteger('BENCH_ROUNDS', 3, 50),
  seconds: positiveInteger('BENCH_SECONDS', 6, MAX_SECONDS),
  warmupSeconds: positiveInteger('BENCH_WARMUP_SECONDS', 2, 60),
  connections: (process.env.BENCH_CONNECTIONS ?? '1,20').split(',').map((value) => {
    const count = Number(value.trim());
    if (!Number.isInteger(count) || count < 1 || count > 1000)
      throw new Error(`BENCH_CONNECTIONS: bad count ${value}`);
    return count;
  }),
  deposits: positiveInteger('BENCH_DEPOSITS', 1000, 100_000),
  dbPoolMax: positiveInteger('DB_POOL_MAX', 20, 500),
  /** Where the servers write V8 CPU profiles (`--cpu-prof`), one directory each, to see where a request's time goes. */
  cpuProfileDir: process.env.BENCH_CPU_PROFILE_DIR || undefined,
};
const profileFlags = (name: ServerName) =>
  config.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(config.cpuProfileDir, name)}`] : [];

const say = (message: string) => process.stdout.write(`[bench] ${message}\n`);

// ---------------------------------------------------------------------------------------------------------------
// Processes we start, and stopping them (also on Ctrl-C, SIGTERM, and when our parent goes away).

const children = new Map<string, ChildProcess>();
let embedded: EmbeddedDatabase | undefined;
let shuttingDown: Promise<void> | undefined;

function spawnTracked(
  name: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; logFile?: string; ipc?: boolean },
): ChildProcess {
  // Its own process group: a terminal's Ctrl-C reaches only us, and we stop children in order (servers, then DB).
  const child = spawnDetached(args, options);
  children.set(name, child);
  child.once('exit', () => children.delete(name));
  return child;
}

// Writing a CPU profile on exit takes a while: do not cut it short.
const stopGraceMs = config.cpuProfileDir ? 60_000 : 10_000;

function shutdown(): Promise<void> {
  shuttingDown ??= (async () => {
    await Promise.all([...children.values()].map((child) => stopChild(child, stopGraceMs)));
    await closeDb().catch(() => undefined);
    if (embedded) {
      // Releases our lease; the cluster stops unless another live process (a second bench run) still holds one.
      await embedded.stop().catch((error: unknown) => say(`could not stop the embedded database: ${error}`));
    }
  })();
  return shuttingDown;
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    say(`${signal}: stopping everything this run started…`);
    void shutdown().finally(() => process.exit(code));
  });
}
// Under `npm run`, a SIGTERM may stop only the shell above us: treat losing our parent as a SIGTERM.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) process.emit('SIGTERM', 'SIGTERM');
}, 1000).unref();

// ---------------------------------------------------------------------------------------------------------------
// Small helpers.

async function waitUntilHealthy(
  url: string,
  child: ChildProcess,
  logFile: string,
  seconds = 180,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url} never came up: its process exited; see ${path.relative(ROOT, logFile)}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${seconds} s; see ${path.relative(ROOT, logFile)}`);
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function gitDescription(): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit} (working tree modified)` : commit;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Database and data.

interface Prepared {
  databaseUrl: string;
  databaseDescription: string;
  secrets: { AUTH_SECRET: string; ENCRYPTION_KEY: string };
  orgId: string;
  credentials: LoadCredentials;
  postgresPid: number | undefined;
}

async function prepareDatabase(): Promise<Prepared> {
  const database = await benchDatabase({ name: 'payout_bench', log: say, settings: { DB_POOL_MAX: '4' } });
  embedded = database.embedded;
  const { url: databaseUrl, secrets } = database;
  const databaseDescription = embedded
    ? `embedded PostgreSQL on 127.0.0.1:${embedded.port} (.data/bench)`
    : 'DATABASE_URL';

  const started = performance.now();
  await ensureSandboxChains(db());
  const organization = await createOrganization(db(), { name: `Bench ${new Date().toISOString()}` });
  const key = await createApiKey(db(), {
    orgId: organization.id,
    name: 'bench:api',
    role: 'member',
    rateLimitPerMinute: MAX_RATE_LIMIT_PER_MINUTE,
  });
  // createApiKey caps the limit at what a person may ask for; the bench needs more than one window can hold.
  await sqlClient()`update api_keys set rate_limit_per_minute = ${BENCH_RATE_LIMIT_PER_MINUTE} where id = ${key.id}`;
  say(`creating ${config.deposits} ledger movements (deposits)…`);
  for (let index = 0; index < config.deposits; index += 1) {
    await creditDeposit(db(), { orgId: organization.id, amount: `${(index % 997) + 1}.${index % 100}` });
  }
  // Fresh rows have no planner statistics until autovacuum gets round to them (up to a minute or more): without
  // them the page query is planned for 6 rows instead of 1,000, and the run would measure that accident.
  await sqlClient()`analyze ledger_transactions, ledger_entries, ledger_accounts, api_keys, organizations`;
  say(`organization ${organization.id} ready in ${round((performance.now() - started) / 1000, 1)} s`);
  await closeDb();

  return {
    databaseUrl,
    databaseDescription,
    secrets,
    orgId: organization.id,
    credentials: { apiKey: key.apiKey, privateKeyPem: key.privateKeyPem!, sharedSecret: key.sharedSecret },
    postgresPid: embedded?.pid,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 2–3. The two servers.

const buildIdFile = path.join(ROOT, '.next', 'BUILD_ID');

/** Someone else's `next build` (a shared checkout) holds .next: wait for its BUILD_ID rather than fail. */
async function waitForOtherBuild(minutes = 15): Promise<void> {
  say('another `next build` is running in this checkout: waiting for it to finish…');
  const deadline = Date.now() + minutes * 60_000;
  while (Date.now() < deadline) {
    if (fs.existsSync(buildIdFile)) return;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`the other next build did not finish within ${minutes} minutes`);
}

async function ensureBuild(stamp: string): Promise<string | null> {
  if (!fs.existsSync(buildIdFile)) {
    say('no production build: running `next build` (a few minutes)…');
    const logFile = path.join(RESULTS_DIR, `api-${stamp}-build.log`);
    // Like scripts/launch.mjs: `next build` must never reach a database, so it gets neither the URL nor the secrets.
    const { DATABASE_URL: _url, AUTH_SECRET: _auth, ENCRYPTION_KEY: _key, ...buildEnv } = process.env;
    const build = spawnTracked('next build', [NEXT_CLI, 'build'], {
      env: { ...buildEnv, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
      logFile,
    });
    const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
    const output = fs.readFileSync(logFile, 'utf8');
    if (code !== 0 && /Another next build process is already running/.test(output)) await waitForOtherBuild();
    else if (code !== 0) {
      throw new Error(`next build failed (exit code ${code}):\n${output.split('\n').slice(-25).join('\n')}`);
    }
  }
  const stale = staleBuildReason(ROOT) ?? null;
  // Rebuilding here could pull .next out from under someone's running `npm start`: say so instead.
  if (stale) say(`warning: the production build may be stale (${stale}); \`npm run build\` to refresh it`);
  return stale;
}

interface RunningServer {
  name: ServerName;
  baseUrl: string;
  child: ChildProcess;
  logFile: string;
}

/** Builds the minimal Next app every run (~20 s), so it never measures an older lib/ than the app's build. */
async function buildFloorApp(stamp: string): Promise<void> {
  say(`building the minimal Next app (${FLOOR_APP})…`);
  const logFile = path.join(RESULTS_DIR, `api-${stamp}-floor-build.log`);
  const { DATABASE_URL: _url, AUTH_SECRET: _auth, ENCRYPTION_KEY: _key, ...buildEnv } = process.env;
  const build = spawnTracked('floor build', [NEXT_CLI, 'build', FLOOR_APP], {
    env: { ...buildEnv, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    logFile,
  });
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (code !== 0) throw new Error(`the minimal Next app did not build; see ${path.relative(ROOT, logFile)}`);
}

async function startServers(prepared: Prepared, stamp: string): Promise<Record<ServerName, RunningServer>> {
  await buildFloorApp(stamp);
  const [nextPort, barePort, floorPort] = [await freePort(), await freePort(), await freePort()];
  const childEnv = serverEnv(prepared.databaseUrl, prepared.secrets, {
    DB_POOL_MAX: String(config.dbPoolMax),
  });

  const nextLog = path.join(RESULTS_DIR, `api-${stamp}-next.log`);
  const next = spawnTracked(
    'next start',
    [...profileFlags('next'), NEXT_CLI, 'start', '-p', String(nextPort), '-H', '127.0.0.1'],
    {
      env: { ...childEnv, PORT: String(nextPort), APP_BASE_URL: `http://127.0.0.1:${nextPort}` },
      logFile: nextLog,
    },
  );
  const floorLog = path.join(RESULTS_DIR, `api-${stamp}-floor.log`);
  const floor = spawnTracked(
    'floor start',
    [...profileFlags('floor'), NEXT_CLI, 'start', FLOOR_APP, '-p', String(floorPort), '-H', '127.0.0.1'],
    { env: { ...childEnv, PORT: String(floorPort) }, logFile: floorLog },
  );
  const frontPort = await freePort();
  const frontLog = path.join(RESULTS_DIR, `api-${stamp}-front.log`);
  const front = spawnTracked('front', [...profileFlags('front'), FRONT], {
    env: {
      ...childEnv,
      PORT: String(frontPort),
      FRONT_HOSTNAME: '127.0.0.1',
      APP_BASE_URL: `http://127.0.0.1:${frontPort}`,
    },
    logFile: frontLog,
  });
  const bareLog = path.join(RESULTS_DIR, `api-${stamp}-bare.log`);
  const bare = spawnTracked(
    'bare server',
    [...profileFlags('bare'), '--import', 'tsx', path.join('bench', 'bare-server.ts')],
    {
      env: { ...childEnv, PORT: String(barePort) },
      logFile: bareLog,
    },
  );

  say(
    `starting next start on :${nextPort}, the minimal Next app on :${floorPort}, the bare server on :${barePort}…`,
  );
  await Promise.all([
    waitUntilHealthy(`http://127.0.0.1:${floorPort}/api/health`, floor, floorLog),
    waitUntilHealthy(`http://127.0.0.1:${nextPort}/api/health`, next, nextLog),
    waitUntilHealthy(`http://127.0.0.1:${barePort}/health`, bare, bareLog),
    waitUntilHealthy(`http://127.0.0.1:${frontPort}/api/health`, front, frontLog),
  ]);
  return {
    next: { name: 'next', baseUrl: `http://127.0.0.1:${nextPort}`, child: next, logFile: nextLog },
    floor: { name: 'floor', baseUrl: `http://127.0.0.1:${floorPort}`, child: floor, logFile: floorLog },
    bare: { name: 'bare', baseUrl: `http://127.0.0.1:${barePort}`, child: bare, logFile: bareLog },
    front: { name: 'front', baseUrl: `http://127.0.0.1:${frontPort}`, child: front, logFile: frontLog },
  };
}

/** One signed request to each server: both must answer 200 with the same full page, or the comparison means nothing. */
/** The answer as the load generator gets it (no Accept-Encoding): its bytes on the wire and any Content-Encoding. */
function rawAnswer(
  baseUrl: string,
  headers: http.OutgoingHttpHeaders,
): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${URI}`, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.once('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] }));
      response.once('error', reject);
    });
    request.once('error', reject);
  });
}

async function checkSameAnswer(
  servers: Record<ServerName, RunningServer>,
  credentials: LoadCredentials,
): Promise<{ ok: boolean; itemsPerPage: number; total: number; bytes: number; problems: string[] }> {
  const problems: string[] = [];
  const bodies: Partial<Record<ServerName, unknown>> = {};
  const sizes: Partial<Record<ServerName, number>> = {};
  for (const server of Object.values(servers)) {
    // Not compressed unless asked (a compressed app would spend CPU the bare server does not), and no bigger.
    const raw = await rawAnswer(server.baseUrl, {
      ...(await signRequest({ ...credentials, method: 'GET', uri: URI })),
    });
    if (raw.encoding)
      problems.push(`${server.name} compressed an answer nobody asked to compress (${raw.encoding})`);
    sizes[server.name] = raw.bytes;
    const headers = await signRequest({ ...credentials, method: 'GET', uri: URI });
    const response = await fetch(`${server.baseUrl}${URI}`, { headers: { ...headers } });
    const body: unknown = await response.json();
    if (response.status !== 200) problems.push(`${server.name}: ${response.status} ${JSON.stringify(body)}`);
    if (response.headers.get('x-ratelimit-limit') !== String(BENCH_RATE_LIMIT_PER_MINUTE)) {
      problems.push(`${server.name}: X-RateLimit-Limit ${response.headers.get('x-ratelimit-limit')}`);
    }
    bodies[server.name] = body;
  }
  const page = bodies.next as { items?: unknown[]; meta?: { total?: number } } | undefined;
  const itemsPerPage = page?.items?.length ?? 0;
  const total = page?.meta?.total ?? 0;
  if (itemsPerPage !== Math.min(100, config.deposits)) problems.push(`next returned ${itemsPerPage} items`);
  if (total < config.deposits) problems.push(`next reported total ${total} < ${config.deposits}`);
  for (const name of SERVER_ORDER) {
    if (!isDeepStrictEqual(bodies.next, bodies[name])) problems.push(`${name} returned a different body`);
    if (sizes[name] !== sizes.bare) problems.push(`${name} sent ${sizes[name]} bytes, bare ${sizes.bare}`);
  }
  return { ok: problems.length === 0, itemsPerPage, total, bytes: sizes.bare ?? 0, problems };
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Load, one generator process per run.

function runLoadProcess(
  server: RunningServer,
  round: number,
  connections: number,
  credentials: LoadCredentials,
  postgresPid: number | undefined,
): Promise<RunRecord> {
  return new Promise((resolve, reject) => {
    const child = spawnTracked(
      `load ${server.name} x${connections}`,
      ['--import', 'tsx', path.join('bench', 'load.ts')],
      {
        env: process.env,
        ipc: true,
      },
    );
    const loadConfig: LoadConfig = {
      baseUrl: server.baseUrl,
      uri: URI,
      credentials,
      connections,
      seconds: config.seconds,
      warmupSeconds: config.warmupSeconds,
    };
    interface CpuSample {
      server: number | null;
      postgres: number | null;
      machine: number | null;
      at: number;
    }
    const sample = (): CpuSample => ({
      server: treeCpuMs(server.child.pid),
      postgres: treeCpuMs(postgresPid),
      machine: machineBusyMs(),
      at: performance.now(),
    });
    const difference = (end: number | null, start: number | null | undefined) =>
      end === null || start === null || start === undefined ? null : end - start;
    let atStart: CpuSample | undefined;
    let atEnd: CpuSample | undefined;
    let settled = false;

    const finish = (result: LoadResult): RunRecord => {
      const { requests } = result;
      const used = (key: 'server' | 'postgres' | 'machine') =>
        difference(atEnd?.[key] ?? null, atStart?.[key]);
      const perRequest = (value: number | null) =>
        value === null || requests === 0 ? null : value / requests;
      const [serverMs, postgresMs, machineMs] = [used('server'), used('postgres'), used('machine')];
      let otherCpuPercent: number | null = null;
      if (machineMs !== null && serverMs !== null && atStart && atEnd) {
        // Everything busy on the machine minus what we account for: the server, PostgreSQL (when embedded) and
        // the load generator. With DATABASE_URL on this machine, PostgreSQL's share lands here too.
        const ours = serverMs + (postgresMs ?? 0) + result.loadGeneratorCpuMsPerRequest * requests;
        const capacity = (atEnd.at - atStart.at) * os.cpus().length;
        otherCpuPercent = Math.max(0, ((machineMs - ours) / capacity) * 100);
      }
      return {
        server: server.name,
        round,
        connections,
        result,
        cpuMsPerRequest: { server: perRequest(serverMs), postgres: perRequest(postgresMs) },
        otherCpuPercent,
      };
    };

    child.on(
      'message',
      (message: { phase?: LoadPhase; ok?: boolean; result?: LoadResult; error?: string }) => {
        if (message.phase === 'run-start') atStart = sample();
        else if (message.phase === 'run-end') atEnd = sample();
        else if (message.ok && message.result) {
          settled = true;
          resolve(finish(message.result));
        } else if (message.ok === false) {
          settled = true;
          reject(new Error(`load generator failed: ${message.error}`));
        }
      },
    );
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`load generator exited (code ${code}) without a result`));
    });
    child.send(loadConfig);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Report.

/** The median of the rounds of one server at one connection count: req/s, percentiles and CPU alike. */
interface Summary {
  server: ServerName;
  connections: number;
  rounds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  serverCpuMs: number | null;
  postgresCpuMs: number | null;
  otherCpuPercent: number | null;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianOrNull(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length ? median(known) : null;
}

function summarize(runs: RunRecord[], server: ServerName, connections: number): Summary | undefined {
  const mine = runs.filter((run) => run.server === server && run.connections === connections);
  if (mine.length === 0) return undefined;
  return {
    server,
    connections,
    rounds: mine.length,
    requestsPerSecond: median(mine.map((run) => run.result.requestsPerSecond)),
    p50: median(mine.map((run) => run.result.latencyMs.p50)),
    p95: median(mine.map((run) => run.result.latencyMs.p95)),
    p99: median(mine.map((run) => run.result.latencyMs.p99)),
    errors: mine.reduce((sum, run) => sum + run.result.errors, 0),
    serverCpuMs: medianOrNull(mine.map((run) => run.cpuMsPerRequest.server)),
    postgresCpuMs: medianOrNull(mine.map((run) => run.cpuMsPerRequest.postgres)),
    otherCpuPercent: medianOrNull(mine.map((run) => run.otherCpuPercent)),
  };
}

const LABELS: Record<ServerName, string> = {
  bare: 'bare node:http',
  floor: 'minimal Next (floor)',
  next: 'the app (next start)',
  front: 'npm start (front + app)',
};

function markdownTable(summaries: Summary[]): string {
  const lines = [
    '| server | connections | req/s | p50 ms | p95 ms | p99 ms | errors | server CPU ms/req | PG CPU ms/req | other CPU |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const cpu = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
  for (const row of summaries) {
    lines.push(
      `| ${LABELS[row.server]} | ${row.connections} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50.toFixed(2)} | ${row.p95.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.errors} | ${cpu(row.serverCpuMs)} | ${cpu(row.postgresCpuMs)} | ${row.otherCpuPercent === null ? 'n/a' : `${row.otherCpuPercent.toFixed(0)} %`} |`,
    );
  }
  return lines.join('\n');
}

/** A target met or not, from two medians of the same run. */
function target(label: string, value: number | null, pass: (value: number) => boolean) {
  return {
    target: label,
    value: value === null ? null : round(value, 3),
    pass: value === null ? null : pass(value),
  };
}

async function main(): Promise<number> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  say(
    `${config.rounds} interleaved rounds of ${config.seconds} s per server (+${config.warmupSeconds} s warm-up), connections ${config.connections.join(' and ')}, DB pool ${config.dbPoolMax}`,
  );

  const loadAtStart = os.loadavg()[0] ?? 0;
  if (loadAtStart > os.cpus().length / 2) {
    say(
      `warning: load average ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores: other work will skew the figures`,
    );
  }
  const prepared = await prepareDatabase();
  const staleBuild = await ensureBuild(stamp);
  const servers = await startServers(prepared, stamp);
  const sanity = await checkSameAnswer(servers, prepared.credentials);
  if (!sanity.ok) say(`warning: ${sanity.problems.join('; ')}`);
  else
    say(
      `every server answers 200 with the same page (${sanity.itemsPerPage} items, total ${sanity.total}, ${sanity.bytes} bytes, uncompressed)`,
    );

  const runs: RunRecord[] = [];
  for (const connections of config.connections) {
    for (let roundIndex = 0; roundIndex < config.rounds; roundIndex += 1) {
      // Rotate who goes first, so a machine warming up or a neighbour's burst does not always fall on one server.
      const order = SERVER_ORDER.map((_, i) => SERVER_ORDER[(i + roundIndex) % SERVER_ORDER.length]!);
      for (const name of order) {
        const run = await runLoadProcess(
          servers[name],
          roundIndex + 1,
          connections,
          prepared.credentials,
          prepared.postgresPid,
        );
        runs.push(run);
        const { result } = run;
        say(
          `round ${roundIndex + 1}, ${name} × ${connections}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.latencyMs.p50.toFixed(2)} ms, p95 ${result.latencyMs.p95.toFixed(2)} ms, server CPU ${run.cpuMsPerRequest.server?.toFixed(2) ?? 'n/a'} ms/req, errors ${result.errors}`,
        );
      }
    }
  }

  const summaries = config.connections.flatMap((connections) =>
    SERVER_ORDER.map((server) => summarize(runs, server, connections)).filter(
      (row): row is Summary => row !== undefined,
    ),
  );
  const at = (server: ServerName, connections: number) =>
    summaries.find((row) => row.server === server && row.connections === connections);
  const ratio = (a?: Summary, b?: Summary) => (a && b ? a.requestsPerSecond / b.requestsPerSecond : null);
  const delta = (a?: Summary, b?: Summary) => (a && b ? a.p50 - b.p50 : null);
  const throughputRatio = ratio(at('next', 20), at('bare', 20));
  const p50Delta = delta(at('next', 1), at('bare', 1));
  const overFloorRatio = ratio(at('next', 20), at('floor', 20));
  const overFloorDelta = delta(at('next', 1), at('floor', 1));
  const floorRatio = ratio(at('floor', 20), at('bare', 20));
  // What the front costs: npm start (front + next) against plain next start, same build, same run.
  const frontThroughputRatio = ratio(at('front', 20), at('next', 20));
  const frontP50Delta = delta(at('front', 1), at('next', 1));
  const targets = {
    throughput: target(
      `app req/s ÷ bare req/s at 20 connections ≥ ${TARGETS.throughputRatioAt20 * 100} %`,
      throughputRatio,
      (value) => value >= TARGETS.throughputRatioAt20,
    ),
    latency: target(
      `app p50 − bare p50 at 1 connection ≤ ${TARGETS.p50DeltaAt1Ms} ms`,
      p50Delta,
      (value) => value <= TARGETS.p50DeltaAt1Ms,
    ),
    overFloorThroughput: target(
      `app req/s ÷ floor req/s at 20 connections ≥ ${TARGETS.overFloorThroughputAt20}`,
      overFloorRatio,
      (value) => value >= TARGETS.overFloorThroughputAt20,
    ),
    overFloorLatency: target(
      `app p50 − floor p50 at 1 connection ≤ ${TARGETS.overFloorP50DeltaAt1Ms} ms`,
      overFloorDelta,
      (value) => value <= TARGETS.overFloorP50DeltaAt1Ms,
    ),
  };

  const flags: string[] = [...sanity.problems];
  for (const run of runs) {
    const name = `round ${run.round} ${run.server} × ${run.connections}`;
    if (run.result.errors > 0)
      flags.push(`${name}: ${run.result.errors} errors ${JSON.stringify(run.result.statuses)}`);
    if (run.otherCpuPercent !== null && run.otherCpuPercent > OTHER_CPU_FLAG_PERCENT) {
      flags.push(
        `${name}: other processes used ${run.otherCpuPercent.toFixed(0)} % of the machine during the run`,
      );
    }
    if (run.result.tokens.signedDuringRun > 0) {
      flags.push(
        `${name}: token pool ran dry, ${run.result.tokens.signedDuringRun} tokens signed during the run`,
      );
    }
  }

  const verdict = (pass: boolean | null) => (pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL');
  const percent = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`);
  const ms = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} ms`);
  const report = [
    '',
    `## bench:api — GET ${URI}, medians of ${config.rounds} interleaved rounds of ${config.seconds} s`,
    '',
    markdownTable(summaries),
    '',
    `- Throughput at 20 connections: app ÷ bare = ${percent(throughputRatio)} (target ≥ ${TARGETS.throughputRatioAt20 * 100} %): ${verdict(targets.throughput.pass)}`,
    `- p50 at 1 connection: app − bare = ${ms(p50Delta)} (target ≤ ${TARGETS.p50DeltaAt1Ms} ms): ${verdict(targets.latency.pass)}`,
    `- Our cost over Next's own: app ÷ floor at 20 connections = ${overFloorRatio === null ? 'n/a' : overFloorRatio.toFixed(3)} (target ≥ ${TARGETS.overFloorThroughputAt20}): ${verdict(targets.overFloorThroughput.pass)}; p50 at 1 connection, app − floor = ${ms(overFloorDelta)} (target ≤ ${TARGETS.overFloorP50DeltaAt1Ms} ms): ${verdict(targets.overFloorLatency.pass)}`,
    `- Next's own cost: floor ÷ bare at 20 connections = ${percent(floorRatio)}`,
    `- The front: npm start ÷ next start at 20 connections = ${percent(frontThroughputRatio)}; p50 at 1 connection, npm start − next start = ${ms(frontP50Delta)}`,
    ...(flags.length ? ['', `**FLAGGED:** ${flags.join('; ')}`] : []),
    '',
  ].join('\n');
  process.stdout.write(report);

  const cpus = os.cpus();
  const jsonFile = path.join(RESULTS_DIR, `api-${stamp}.json`);
  const latencyFile = path.join(RESULTS_DIR, `api-${stamp}-latencies.json`);
  fs.writeFileSync(
    jsonFile,
    `${JSON.stringify(
      {
        started_at: stamp,
        uri: URI,
        config: { ...config, rate_limit_per_minute: BENCH_RATE_LIMIT_PER_MINUTE },
        machine: {
          cpus: cpus.length,
          cpu_model: cpus[0]?.model ?? null,
          memory_gb: round(os.totalmem() / 2 ** 30, 1),
          node: process.version,
          platform: `${process.platform}-${process.arch}`,
          load_average_at_start: round(loadAtStart, 2),
        },
        git: gitDescription(),
        stale_build: staleBuild,
        database: prepared.databaseDescription,
        data: { org_id: prepared.orgId, items_per_page: sanity.itemsPerPage, total: sanity.total },
        same_answer: sanity.ok,
        medians: summaries,
        runs: runs.map((run) => {
          const { latenciesMs: _latencies, ...result } = run.result;
          return {
            server: run.server,
            round: run.round,
            ...result,
            cpu_ms_per_request: run.cpuMsPerRequest,
            other_cpu_percent: run.otherCpuPercent,
          };
        }),
        comparison: {
          throughput_ratio_at_20: throughputRatio,
          p50_delta_ms_at_1: p50Delta,
          over_floor_throughput_ratio_at_20: overFloorRatio,
          over_floor_p50_delta_ms_at_1: overFloorDelta,
          floor_throughput_ratio_at_20: floorRatio,
          front_throughput_ratio_at_20: frontThroughputRatio,
          front_p50_delta_ms_at_1: frontP50Delta,
        },
        targets,
        flags,
        latencies_file: path.basename(latencyFile),
      },
      null,
      2,
    )}\n`,
  );
  fs.writeFileSync(
    latencyFile,
    JSON.stringify(
      runs.map((run) => ({
        server: run.server,
        round: run.round,
        connections: run.connections,
        latencies_ms: run.result.latenciesMs.map((value) => round(value, 3)),
      })),
    ),
  );
  say(`results: ${path.relative(ROOT, jsonFile)} (every latency in ${path.basename(latencyFile)})`);
  return flags.length ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  say(`failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await shutdown();
}
process.exit(exitCode);
