// Owns `npm run bench:liquidity`: signed GET /api/v2/liquidity/management/withdrawals?limit=100&page=N over 1,000,000
// withdrawals in 100 organizations — first, middle and last page of one organization, with and without a status
// filter — on `next start` beside a bare node:http server running the same authentication and query, in one run; then
// the anonymous health check on both (the same checkHealth), which shows Next's own per-request cost on a route that
// does almost nothing. Each run also reports the CPU each server process used per request.
//
// Self-contained like bench:api: database (DATABASE_URL, else the embedded cluster in .data/bench, database
// payout_bench_liquidity, kept between runs so the million rows are loaded once), the production build, both servers,
// one load-generator process per run, a Markdown table and a JSON report in bench/results/. The rows are bulk-loaded
// with generate_series (not through the API); they reference one ledger transaction per organization for their
// hold/outcome, so they are list data, not a ledger history. Variables: BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (1),
// BENCH_CONNECTIONS (1), DB_POOL_MAX (20), BENCH_RELOAD=1 (delete and reload the withdrawals).
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type postgres from 'postgres';
import { closeDb, db, sqlClient } from '@/db/client';
import { migrate } from '@/db/migrate';
import { createApiKey } from '@/lib/auth/api-keys';
import { sandboxAddress } from '@/lib/chains/addresses';
import { ensureSandboxChains } from '@/lib/chains/sandbox-chains';
import { signRequest } from '@/lib/client/sign';
import { creditDeposit } from '@/lib/funding/deposits';
import { createOrganization } from '@/lib/organizations/create-organization';
import { staleBuildReason } from '../scripts/build-state.mjs';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../scripts/embedded-db.mjs';
import { treeCpuMs } from './cpu';
import type { LoadConfig, LoadCredentials, LoadResult } from './load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const NEXT_CLI = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
const ROUTE = '/api/v2/liquidity/management/withdrawals';
const ORGANIZATIONS = 100;
const PER_ORGANIZATION = 10_000;
const ORG_PREFIX = 'Liquidity bench';
const PAGE_SIZE = 100;
const BENCH_RATE_LIMIT_PER_MINUTE = 1_000_000;
const TARGETS = { p50Ms: 20, overBare: 0.3 } as const;

const int = (name: string, fallback: number, max: number) => {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be 1–${max}`);
  return value;
};
const config = {
  seconds: int('BENCH_SECONDS', 5, 200),
  warmupSeconds: int('BENCH_WARMUP_SECONDS', 1, 60),
  connections: int('BENCH_CONNECTIONS', 1, 100),
  dbPoolMax: int('DB_POOL_MAX', 20, 500),
  /** Where the two servers write V8 CPU profiles (`--cpu-prof`), to see where a request's time goes. */
  cpuProfileDir: process.env.BENCH_CPU_PROFILE_DIR || undefined,
};
// One directory per server: the default file names tell threads apart (tsx's loader runs on its own thread).
const profileFlags = (name: string) =>
  config.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(config.cpuProfileDir, name)}`] : [];

const say = (message: string) => process.stdout.write(`[bench:liquidity] ${message}\n`);
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---------------------------------------------------------------------------------------------------------------
// Processes we start, stopped in order on exit and on Ctrl-C.

const children = new Set<ChildProcess>();
let embedded: EmbeddedDatabase | undefined;
let shuttingDown: Promise<void> | undefined;

function spawnTracked(args: string[], env: NodeJS.ProcessEnv, logFile?: string, ipc = false): ChildProcess {
  const log = logFile ? fs.openSync(logFile, 'a') : 'inherit';
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', log, log, ...(ipc ? (['ipc'] as const) : [])],
  });
  if (typeof log === 'number') fs.closeSync(log);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function shutdown(): Promise<void> {
  shuttingDown ??= (async () => {
    await Promise.all([...children].map(stopChild));
    await closeDb().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
  })();
  return shuttingDown;
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => void shutdown().finally(() => process.exit(code)));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilHealthy(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited; see ${path.relative(ROOT, logFile)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up; see ${path.relative(ROOT, logFile)}`);
}

// ---------------------------------------------------------------------------------------------------------------
// 1. A million withdrawals, loaded once.

interface Prepared {
  databaseUrl: string;
  secrets: { AUTH_SECRET: string; ENCRYPTION_KEY: string };
  orgId: string;
  credentials: LoadCredentials;
  loadSeconds: number | null;
}

/** RFC 4122-shaped (version 4, variant 10) so every id passes the API's UUID check. */
const uuidFrom = (expression: string) =>
  `overlay(overlay(md5(${expression}) placing '4' from 13) placing '8' from 17)::uuid`;

async function ensureOrganizations(): Promise<
  { idx: number; orgId: string; walletId: string; address: string; txId: string }[]
> {
  const sql = sqlClient();
  await ensureSandboxChains(db());
  const [tron] = await sql<{ id: string }[]>`select id from chains where code = 'tron'`;
  const existing = await sql<{ name: string; id: string }[]>`
    select name, id from organizations where name like ${`${ORG_PREFIX} %`} order by name`;
  if (existing.length === 0) {
    say(`creating ${ORGANIZATIONS} organizations, a wallet and a deposit each…`);
    for (let idx = 0; idx < ORGANIZATIONS; idx += 1) {
      const org = await createOrganization(db(), { name: `${ORG_PREFIX} ${String(idx).padStart(3, '0')}` });
      await sql`
        insert into wallets (id, org_id, chain_id, address, label)
        values (gen_random_uuid(), ${org.id}, ${tron!.id}, ${sandboxAddress('tron')}, 'Bench wallet')`;
      await creditDeposit(db(), { orgId: org.id, amount: '1000000' });
    }
  } else if (existing.length !== ORGANIZATIONS) {
    throw new Error(`${existing.length} bench organizations exist: drop database payout_bench_liquidity`);
  }
  return sql<{ idx: number; orgId: string; walletId: string; address: string; txId: string }[]>`
    select (substring(o.name from '[0-9]+$'))::int as idx, o.id as "orgId", w.id as "walletId", w.address,
           (select t.id from ledger_transactions t where t.org_id = o.id order by t.created_at limit 1) as "txId"
      from organizations o join wallets w on w.org_id = o.id
     where o.name like ${`${ORG_PREFIX} %`} order by o.name`;
}

async function loadWithdrawals(): Promise<void> {
  // One connection for the whole load (its temporary table), without the app's 15 s statement timeout: each
  // statement below writes 100,000 rows.
  const sql = await sqlClient().reserve();
  try {
    await sql`set statement_timeout = 0`;
    await loadWithdrawalsOn(sql);
  } finally {
    sql.release();
  }
}

async function loadWithdrawalsOn(sql: postgres.ReservedSql): Promise<void> {
  const rows = await ensureOrganizations();
  const [tron] = await sql<{ id: string }[]>`select id from chains where code = 'tron'`;
  const key = await createApiKey(db(), {
    orgId: rows[0]!.orgId,
    name: 'bench:liquidity loader',
    role: 'member',
  });
  await sql`create temporary table bench_orgs (idx int, org_id uuid, wallet_id uuid, chain_id uuid, address text, tx_id uuid)`;
  for (const row of rows) {
    await sql`insert into bench_orgs values (${row.idx}, ${row.orgId}, ${row.walletId}, ${tron!.id}, ${row.address}, ${row.txId})`;
  }
  const chunk = 10; // organizations per statement: 100,000 rows
  for (let from = 0; from < ORGANIZATIONS; from += chunk) {
    const started = performance.now();
    // Request ids are derived from (organization, n) so the withdrawals below can name them without a join.
    await sql`
      insert into withdrawal_requests
        (id, org_id, chain_id, wallet_id, amount, status, requested_by_api_key_id, hold_transaction_id, created_at, updated_at)
      select ${sql.unsafe(uuidFrom(`o.org_id::text || '/' || n`))}, o.org_id, o.chain_id, o.wallet_id,
             ((n * 7919) % 50000 + 1) / 100.0, 'submitted', ${key.id}, o.tx_id, t.at, t.at
        from bench_orgs o
       cross join generate_series(1, ${PER_ORGANIZATION}) n
       cross join lateral (select now() - make_interval(mins => n * 50) - make_interval(secs => o.idx) as at) t
       where o.idx >= ${from} and o.idx < ${from + chunk}`;
    // 85 % COMPLETED, 10 % FAILED, 3 % PROCESSING, 2 % SUBMITTED, spread through time.
    await sql`
      insert into withdrawals
        (id, org_id, withdrawal_request_id, seq, chain_id, wallet_id, amount, wallet_address, transaction_hash,
         custody_transaction_id, status, sub_status, failure_reason, outcome_transaction_id, created_at, updated_at)
      select gen_random_uuid(), o.org_id, ${sql.unsafe(uuidFrom(`o.org_id::text || '/' || n`))},
             ${PER_ORGANIZATION + 1} - n, o.chain_id, o.wallet_id, ((n * 7919) % 50000 + 1) / 100.0, o.address,
             case when s.status in ('COMPLETED', 'PROCESSING') then md5(n::text || o.address) || md5(o.address || n::text) end,
             case when s.status <> 'SUBMITTED' then 'sbx_wd_' || substr(md5(o.org_id::text || n), 1, 24) end,
             s.status, s.sub_status,
             case when s.status = 'FAILED' then 'The network refused the transaction. Nothing was sent.' end,
             case when s.status in ('COMPLETED', 'FAILED') then o.tx_id end,
             t.at, t.at + interval '20 minutes'
        from bench_orgs o
       cross join generate_series(1, ${PER_ORGANIZATION}) n
       cross join lateral (select now() - make_interval(mins => n * 50) - make_interval(secs => o.idx) as at) t
       cross join lateral (
         select case when n % 100 < 85 then 'COMPLETED' when n % 100 < 95 then 'FAILED'
                     when n % 100 < 98 then 'PROCESSING' else 'SUBMITTED' end as status,
                case when n % 100 < 85 then 'confirmed' when n % 100 < 95 then 'broadcast_failed'
                     when n % 100 < 98 then 'confirming' else 'awaiting_approval' end as sub_status
       ) s
       where o.idx >= ${from} and o.idx < ${from + chunk}`;
    say(`  organizations ${from}–${from + chunk - 1}: ${round((performance.now() - started) / 1000, 1)} s`);
  }
  say('vacuum analyze (visibility map for index-only scans, planner statistics)…');
  await sql`vacuum analyze withdrawals, withdrawal_requests, withdrawal_counts, withdrawal_block_counts, organizations, chains`;
}

async function prepareDatabase(): Promise<Prepared> {
  let databaseUrl: string;
  let secrets: Prepared['secrets'];
  if (process.env.DATABASE_URL) {
    databaseUrl = process.env.DATABASE_URL;
    const random = () => crypto.randomBytes(32).toString('base64');
    secrets = {
      AUTH_SECRET: process.env.AUTH_SECRET ?? random(),
      ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? random(),
    };
  } else {
    embedded = await startEmbeddedDatabase({
      dir: '.data/bench',
      database: 'payout_bench_liquidity',
      log: say,
    });
    databaseUrl = embedded.url;
    secrets = { AUTH_SECRET: embedded.env.AUTH_SECRET, ENCRYPTION_KEY: embedded.env.ENCRYPTION_KEY };
  }
  say('migrating…');
  await migrate(databaseUrl);
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    ...secrets,
    APP_ENV: 'sandbox',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DB_POOL_MAX: '4',
  });
  const sql = sqlClient();
  const [existing] = await sql<{ orgs: number; withdrawals: string }[]>`
    select count(distinct o.id)::int as orgs, coalesce(sum(c.count), 0)::text as withdrawals
      from organizations o left join withdrawal_counts c on c.org_id = o.id
     where o.name like ${`${ORG_PREFIX} %`}`;
  let loadSeconds: number | null = null;
  if (process.env.BENCH_RELOAD === '1' && Number(existing!.withdrawals) > 0) {
    say('BENCH_RELOAD=1: deleting the withdrawals of the earlier load…');
    const bench = sql`(select id from organizations where name like ${`${ORG_PREFIX} %`})`;
    await sql`delete from withdrawals where org_id in ${bench}`;
    await sql`delete from withdrawal_requests where org_id in ${bench}`;
    existing!.withdrawals = '0';
  }
  if (
    existing!.orgs === ORGANIZATIONS &&
    Number(existing!.withdrawals) === ORGANIZATIONS * PER_ORGANIZATION
  ) {
    say(`reusing the ${existing!.withdrawals} withdrawals loaded by an earlier run`);
  } else if (Number(existing!.withdrawals) > 0) {
    throw new Error(`a partial load of ${existing!.withdrawals} withdrawals exists: run with BENCH_RELOAD=1`);
  } else {
    const started = performance.now();
    // Requests an interrupted load left without their withdrawals would collide with the ones about to be made.
    await sql`delete from withdrawal_requests
      where org_id in (select id from organizations where name like ${`${ORG_PREFIX} %`})`;
    await loadWithdrawals();
    loadSeconds = round((performance.now() - started) / 1000, 1);
    say(`loaded ${ORGANIZATIONS * PER_ORGANIZATION} withdrawals in ${loadSeconds} s`);
  }
  const [org] = await sql<{ id: string }[]>`
    select id from organizations where name = ${`${ORG_PREFIX} 000`}`;
  const key = await createApiKey(db(), {
    orgId: org!.id,
    name: 'bench:liquidity',
    role: 'member',
  });
  await sql`update api_keys set rate_limit_per_minute = ${BENCH_RATE_LIMIT_PER_MINUTE} where id = ${key.id}`;
  await closeDb();
  return {
    databaseUrl,
    secrets,
    orgId: org!.id,
    credentials: { apiKey: key.apiKey, privateKeyPem: key.privateKeyPem!, sharedSecret: key.sharedSecret },
    loadSeconds,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Servers, sanity check and load.

interface Server {
  name: 'bare' | 'next';
  baseUrl: string;
  pid: number | undefined;
  /** The server's log file (Next logs each request's `duration_ms` there when BENCH_LOG_LEVEL=info). */
  logFile: string;
}

/**
 * With BENCH_LOG_LEVEL=info, the p50 of the time the requests of one run spent inside our wrapper (`duration_ms` of
 * the request log, from the wrapper's first line to its response): what is left of Next's p50 is Next's own request
 * handling. Reads the log from `offset` on; returns the new offset.
 */
function wrapperP50(logFile: string, offset: number): { p50: number | null; offset: number } {
  const text = fs.readFileSync(logFile, 'utf8');
  const durations: number[] = [];
  for (const line of text.slice(offset).split('\n')) {
    if (!line.includes('"operation":"listWithdrawals"')) continue;
    try {
      const entry = JSON.parse(line) as { duration_ms?: number };
      if (typeof entry.duration_ms === 'number') durations.push(entry.duration_ms);
    } catch {
      // A line cut by a concurrent write: skip it.
    }
  }
  durations.sort((a, b) => a - b);
  const p50 = durations.length ? durations[Math.ceil(durations.length / 2) - 1]! : null;
  return { p50, offset: text.length };
}

async function startServers(prepared: Prepared, stamp: string): Promise<Server[]> {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    throw new Error('no production build: run `npm run build` first');
  }
  const stale = staleBuildReason(ROOT);
  if (stale) say(`warning: the production build may be stale (${stale}); \`npm run build\` to refresh it`);
  const [nextPort, barePort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: prepared.databaseUrl,
    ...prepared.secrets,
    APP_ENV: 'sandbox',
    WORKER_IN_PROCESS: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DB_POOL_MAX: String(config.dbPoolMax),
    NEXT_TELEMETRY_DISABLED: '1',
  };
  const nextLog = path.join(RESULTS_DIR, `liquidity-${stamp}-next.log`);
  const bareLog = path.join(RESULTS_DIR, `liquidity-${stamp}-bare.log`);
  const next = spawnTracked(
    [...profileFlags('next'), NEXT_CLI, 'start', '-p', String(nextPort), '-H', '127.0.0.1'],
    {
      ...env,
      PORT: String(nextPort),
      APP_BASE_URL: `http://127.0.0.1:${nextPort}`,
    },
    nextLog,
  );
  const bare = spawnTracked(
    [...profileFlags('bare'), '--import', 'tsx', path.join('bench', 'liquidity-bare-server.ts')],
    {
      ...env,
      PORT: String(barePort),
    },
    bareLog,
  );
  await Promise.all([
    waitUntilHealthy(`http://127.0.0.1:${nextPort}/api/health`, next, nextLog),
    waitUntilHealthy(`http://127.0.0.1:${barePort}/api/health`, bare, bareLog),
  ]);
  return [
    { name: 'bare', baseUrl: `http://127.0.0.1:${barePort}`, pid: bare.pid, logFile: bareLog },
    { name: 'next', baseUrl: `http://127.0.0.1:${nextPort}`, pid: next.pid, logFile: nextLog },
  ];
}

async function fetchPage(server: Server, uri: string, credentials: LoadCredentials) {
  const headers = await signRequest({ ...credentials, method: 'GET', uri });
  const response = await fetch(`${server.baseUrl}${uri}`, { headers: { ...headers } });
  return {
    status: response.status,
    body: (await response.json()) as { items?: unknown[]; meta?: { total: number } },
  };
}

interface Measured {
  load: LoadResult;
  /** CPU the server process (and any child) used per request, warm-up included: on 2 cores, CPU is latency. */
  cpuMsPerRequest: number | null;
}

async function measure(server: Server, uri: string, credentials: LoadCredentials): Promise<Measured> {
  const before = treeCpuMs(server.pid);
  const load = await runLoad(server, uri, credentials);
  const after = treeCpuMs(server.pid);
  const requests = load.requests + load.warmup.requests;
  return {
    load,
    cpuMsPerRequest: before === null || after === null || requests === 0 ? null : (after - before) / requests,
  };
}

function runLoad(server: Server, uri: string, credentials: LoadCredentials): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawnTracked(
      ['--import', 'tsx', path.join('bench', 'load.ts')],
      process.env,
      undefined,
      true,
    );
    let settled = false;
    child.on('message', (message: { ok?: boolean; result?: LoadResult; error?: string }) => {
      if (message.ok && message.result) {
        settled = true;
        resolve(message.result);
      } else if (message.ok === false) {
        settled = true;
        reject(new Error(`load generator failed: ${message.error}`));
      }
    });
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`load generator exited (code ${code}) without a result`));
    });
    const loadConfig: LoadConfig = {
      baseUrl: server.baseUrl,
      uri,
      credentials,
      connections: config.connections,
      seconds: config.seconds,
      warmupSeconds: config.warmupSeconds,
    };
    child.send(loadConfig);
  });
}

interface Case {
  label: string;
  uri: string;
  total: number;
}

async function main(): Promise<number> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const prepared = await prepareDatabase();
  const servers = await startServers(prepared, stamp);
  const [bare, next] = servers as [Server, Server];

  // First, middle and last page of the organization, without and with a status filter.
  const cases: Case[] = [];
  for (const filter of ['', '&status=COMPLETED']) {
    const first = await fetchPage(next, `${ROUTE}?limit=${PAGE_SIZE}&page=1${filter}`, prepared.credentials);
    const total = first.body.meta?.total ?? 0;
    const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
    for (const [name, page] of [
      ['first', 1],
      ['middle', Math.ceil(last / 2)],
      ['last', last],
    ] as const) {
      cases.push({
        label: `${name} page (${page})${filter ? ', status=COMPLETED' : ''}`,
        uri: `${ROUTE}?limit=${PAGE_SIZE}&page=${page}${filter}`,
        total,
      });
    }
  }

  const problems: string[] = [];
  for (const item of cases) {
    const [a, b] = [
      await fetchPage(bare, item.uri, prepared.credentials),
      await fetchPage(next, item.uri, prepared.credentials),
    ];
    if (a.status !== 200 || b.status !== 200) problems.push(`${item.uri}: ${a.status}/${b.status}`);
    else if (!isDeepStrictEqual(a.body, b.body)) problems.push(`${item.uri}: the servers' bodies differ`);
    const expected = Math.min(
      PAGE_SIZE,
      item.total - (Number(/page=(\d+)/.exec(item.uri)![1]) - 1) * PAGE_SIZE,
    );
    if (b.body.items?.length !== expected)
      problems.push(`${item.uri}: ${b.body.items?.length} items, expected ${expected}`);
  }
  say(
    problems.length ? `warning: ${problems.join('; ')}` : 'both servers answer every case with the same page',
  );

  const results: { case: Case; bare: Measured; next: Measured; wrapperP50: number | null }[] = [];
  let logOffset = fs.statSync(next.logFile).size;
  for (const item of cases) {
    say(`${item.label}: bare, then next (${config.seconds} s each, ${config.connections} connection(s))…`);
    const bareResult = await measure(bare, item.uri, prepared.credentials);
    const nextResult = await measure(next, item.uri, prepared.credentials);
    const wrapper = wrapperP50(next.logFile, logOffset);
    logOffset = wrapper.offset;
    results.push({ case: item, bare: bareResult, next: nextResult, wrapperP50: wrapper.p50 });
  }
  const timedInside = results.some((result) => result.wrapperP50 !== null);

  // The floor: the anonymous health check runs the same checkHealth (two small queries) on both servers, so the
  // difference is what Next's request handling costs on its own, beside the 30 % the pages are allowed.
  const floorUri = '/api/health';
  const floorAnswers = [
    await fetchPage(bare, floorUri, prepared.credentials),
    await fetchPage(next, floorUri, prepared.credentials),
  ];
  if (floorAnswers.some((answer) => answer.status !== 200))
    problems.push(`${floorUri}: ${floorAnswers.map((answer) => answer.status).join('/')}`);
  say(`health check (the floor): bare, then next (${config.seconds} s each)…`);
  const floor = {
    bare: await measure(bare, floorUri, prepared.credentials),
    next: await measure(next, floorUri, prepared.credentials),
  };

  const cpu = (measured: Measured) => measured.cpuMsPerRequest?.toFixed(2) ?? '—';
  const lines = [
    '',
    `## bench:liquidity — ${ORGANIZATIONS * PER_ORGANIZATION} withdrawals, ${ORGANIZATIONS} organizations, limit=${PAGE_SIZE}, ${config.connections} connection(s), ${config.seconds} s per run`,
    '',
    `| page | total | bare p50 ms | next p50 ms | next p95 ms | next ÷ bare | next req/s | bare CPU ms/req | next CPU ms/req |${timedInside ? ' in our wrapper p50 ms |' : ''} p50 < 20 ms | within 30 % |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|${timedInside ? '---:|' : ''}---|---|`,
  ];
  const flags = [...problems];
  let allPass = true;
  for (const { case: item, bare: b, next: n, wrapperP50: inside } of results) {
    const ratio = n.load.latencyMs.p50 / b.load.latencyMs.p50;
    const fast = n.load.latencyMs.p50 < TARGETS.p50Ms;
    const close = ratio <= 1 + TARGETS.overBare;
    allPass &&= fast && close;
    if (b.load.errors || n.load.errors)
      flags.push(
        `${item.label}: errors ${JSON.stringify(b.load.statuses)} / ${JSON.stringify(n.load.statuses)}`,
      );
    lines.push(
      `| ${item.label} | ${item.total} | ${b.load.latencyMs.p50.toFixed(2)} | ${n.load.latencyMs.p50.toFixed(2)} | ${n.load.latencyMs.p95.toFixed(2)} | ${ratio.toFixed(2)} | ${n.load.requestsPerSecond.toFixed(0)} | ${cpu(b)} | ${cpu(n)} |${timedInside ? ` ${inside?.toFixed(1) ?? '—'} |` : ''} ${fast ? 'PASS' : 'FAIL'} | ${close ? 'PASS' : 'FAIL'} |`,
    );
  }
  if (floor.bare.load.errors || floor.next.load.errors) flags.push('health check: errors');
  const floorGap = floor.next.load.latencyMs.p50 - floor.bare.load.latencyMs.p50;
  const bareP50s = results.map((result) => result.bare.load.latencyMs.p50).sort((a, b) => a - b);
  const medianBudget = TARGETS.overBare * bareP50s[Math.floor(bareP50s.length / 2)]!;
  lines.push(
    '',
    '| the floor: anonymous `GET /api/health` (same checkHealth on both) | bare p50 ms | next p50 ms | next − bare ms | bare CPU ms/req | next CPU ms/req |',
    '|---|---:|---:|---:|---:|---:|',
    `| health check | ${floor.bare.load.latencyMs.p50.toFixed(2)} | ${floor.next.load.latencyMs.p50.toFixed(2)} | ${floorGap.toFixed(2)} | ${cpu(floor.bare)} | ${cpu(floor.next)} |`,
    '',
    `Next's own handling adds ${floorGap.toFixed(2)} ms to the health check's p50; 30 % of the pages' median bare p50 is ${medianBudget.toFixed(2)} ms.`,
    '',
    `Targets: ${allPass ? 'all PASS' : 'some FAIL'}${flags.length ? `\n\n**FLAGGED:** ${flags.join('; ')}` : ''}`,
    '',
  );
  process.stdout.write(lines.join('\n'));

  const summary = (measured: Measured) => ({
    p50: measured.load.latencyMs.p50,
    p95: measured.load.latencyMs.p95,
    rps: measured.load.requestsPerSecond,
    errors: measured.load.errors,
    cpu_ms_per_request: measured.cpuMsPerRequest,
  });
  const jsonFile = path.join(RESULTS_DIR, `liquidity-${stamp}.json`);
  fs.writeFileSync(
    jsonFile,
    `${JSON.stringify(
      {
        started_at: stamp,
        config,
        machine: { cpus: os.cpus().length, load_average_at_start: os.loadavg()[0], node: process.version },
        load_seconds: prepared.loadSeconds,
        results: results.map(({ case: item, bare: b, next: n, wrapperP50: inside }) => ({
          ...item,
          next_wrapper_p50: inside,
          bare: summary(b),
          next: summary(n),
        })),
        floor: { uri: floorUri, bare: summary(floor.bare), next: summary(floor.next) },
        flags,
      },
      null,
      2,
    )}\n`,
  );
  say(`results: ${path.relative(ROOT, jsonFile)}`);
  return flags.length ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  say(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await shutdown();
}
process.exit(exitCode);
