// Owns `npm run bench:liquidity`: signed GET /api/v2/liquidity/management/withdrawals?limit=100&page=N over 1,000,000
// withdrawals in 100 organizations — first, middle and last page of one organization, with and without a status
// filter — on three servers in one run: a bare node:http server doing the baseline's work (the app's authentication
// and listWithdrawals, bench/withdrawals-baseline.ts), a minimal Next app whose one route does exactly that work
// (bench/next-floor: what Next costs on its own), and `next start` of the app itself. Each case runs in rounds, the
// three servers in turn (rotating who goes first), and reports medians, so drift of the shared machine falls on all
// three alike. Each run also reports the CPU each server process used per request.
//
// Self-contained like bench:api: database (DATABASE_URL, else the embedded cluster in .data/bench, database
// payout_bench_liquidity, kept between runs so the million rows are loaded once), the production build (the app's
// must exist; the minimal app is rebuilt every run, ~20 s, so it always runs the current lib/), the servers, one
// load-generator process per run, a Markdown table and a JSON report in bench/results/. The rows are bulk-loaded
// with generate_series (not through the API); they reference one ledger transaction per organization for their
// hold/outcome, so they are list data, not a ledger history. Variables: BENCH_ROUNDS (5), BENCH_SECONDS (2, per run),
// BENCH_WARMUP_SECONDS (1, once per server and case), BENCH_CONNECTIONS (1), DB_POOL_MAX (20), BENCH_RELOAD=1
// (delete and reload the withdrawals).
import '@/lib/app/register';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type postgres from 'postgres';
import { z } from 'zod';
import { closeDb, db, sqlClient } from '@/db/client';
import { creditDeposit } from '@/lib/funding/server';
import { createApiKey, createOrganization } from '@/lib/identity/server';
import { sandboxAddress } from '@/lib/platform/chains/addresses';
import { ensureSandboxChains } from '@/lib/platform/chains/sandbox-chains';
import { signRequest } from '@/lib/platform/client/sign';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import { staleBuildReason } from '../scripts/build-state.mjs';
import type { EmbeddedDatabase } from '../scripts/embedded-db.mjs';
import { benchDatabase, serverEnv } from './bench-database';
import { spawnDetached, stopChild } from './child-processes';
import { treeCpuMs } from './cpu';
import type { LoadConfig, LoadCredentials, LoadResult } from './load';
import { BASELINE_ROUTE } from './withdrawals-baseline';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const NEXT_CLI = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
/** The minimal Next app: one route doing the bare server's work, built and started beside the app. */
const FLOOR_APP = path.join('bench', 'next-floor');
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
  rounds: int('BENCH_ROUNDS', 5, 50),
  seconds: int('BENCH_SECONDS', 2, 200),
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
  const child = spawnDetached(args, { env, logFile, ipc });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function shutdown(): Promise<void> {
  shuttingDown ??= (async () => {
    await Promise.all([...children].map((child) => stopChild(child)));
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

/** A row naming one chain or organization by its id. */
const IdRow = z.object({ id: z.string() });
/** One bench organization with its wallet and the ledger transaction (its deposit) the loaded withdrawals refer to. */
const BenchOrganizationRow = z.object({
  idx: z.number(),
  orgId: z.string(),
  walletId: z.string(),
  address: z.string(),
  txId: z.string(),
});

async function ensureOrganizations(): Promise<z.output<typeof BenchOrganizationRow>[]> {
  const sql = sqlClient();
  await ensureSandboxChains(db());
  const [tron] = await parsedRows(IdRow, sql`select id from chains where code = 'tron'`);
  const existing = await parsedRows(
    z.object({ name: z.string(), id: z.string() }),
    sql`
    select name, id from organizations where name like ${`${ORG_PREFIX} %`} order by name`,
  );
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
  return parsedRows(
    BenchOrganizationRow,
    sql`
    select (substring(o.name from '[0-9]+$'))::int as idx, o.id as "orgId", w.id as "walletId", w.address,
           (select t.id from ledger_transactions t where t.org_id = o.id order by t.created_at limit 1) as "txId"
      from organizations o join wallets w on w.org_id = o.id
     where o.name like ${`${ORG_PREFIX} %`} order by o.name`,
  );
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
  const [tron] = await parsedRows(IdRow, sql`select id from chains where code = 'tron'`);
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
  const database = await benchDatabase({
    name: 'payout_bench_liquidity',
    log: say,
    settings: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', DB_POOL_MAX: '4' },
  });
  embedded = database.embedded;
  const { url: databaseUrl, secrets } = database;
  const sql = sqlClient();
  const [existing] = await parsedRows(
    z.object({ orgs: z.number(), withdrawals: z.string() }),
    sql`
    select count(distinct o.id)::int as orgs, coalesce(sum(c.count), 0)::text as withdrawals
      from organizations o left join withdrawal_counts c on c.org_id = o.id
     where o.name like ${`${ORG_PREFIX} %`}`,
  );
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
  const [org] = await parsedRows(
    IdRow,
    sql`
    select id from organizations where name = ${`${ORG_PREFIX} 000`}`,
  );
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

type ServerName = 'bare' | 'floor' | 'next';

interface Server {
  name: ServerName;
  /** How the tables name it. */
  title: string;
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

/** Builds the minimal Next app every run (~20 s), so it never measures an older lib/ than the app's build. */
async function buildFloorApp(): Promise<void> {
  say(`building the minimal Next app (${FLOOR_APP})…`);
  const logFile = path.join(RESULTS_DIR, 'liquidity-floor-build.log');
  fs.writeFileSync(logFile, '');
  const build = spawnTracked(
    [NEXT_CLI, 'build', FLOOR_APP],
    { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    logFile,
  );
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (code !== 0) throw new Error(`the minimal Next app did not build; see ${path.relative(ROOT, logFile)}`);
}

async function startServers(prepared: Prepared, stamp: string): Promise<Record<ServerName, Server>> {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    throw new Error('no production build: run `npm run build` first');
  }
  const stale = staleBuildReason(ROOT);
  if (stale) say(`warning: the production build may be stale (${stale}); \`npm run build\` to refresh it`);
  await buildFloorApp();
  const env = serverEnv(prepared.databaseUrl, prepared.secrets, {
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DB_POOL_MAX: String(config.dbPoolMax),
  });
  const commands: Record<ServerName, { title: string; args: string[] }> = {
    bare: {
      title: 'bare node:http',
      args: ['--import', 'tsx', path.join('bench', 'liquidity-bare-server.ts')],
    },
    floor: { title: 'minimal Next', args: [NEXT_CLI, 'start', FLOOR_APP] },
    next: { title: 'the app', args: [NEXT_CLI, 'start'] },
  };
  const started = await Promise.all(
    (Object.keys(commands) as ServerName[]).map(async (name) => {
      const port = await freePort();
      const isNext = name !== 'bare';
      const logFile = path.join(RESULTS_DIR, `liquidity-${stamp}-${name}.log`);
      const child = spawnTracked(
        [
          ...profileFlags(name),
          ...commands[name].args,
          ...(isNext ? ['-p', String(port), '-H', '127.0.0.1'] : []),
        ],
        { ...env, PORT: String(port), APP_BASE_URL: `http://127.0.0.1:${port}` },
        logFile,
      );
      const baseUrl = `http://127.0.0.1:${port}`;
      await waitUntilHealthy(`${baseUrl}/api/health`, child, logFile);
      return { name, title: commands[name].title, baseUrl, pid: child.pid, logFile } satisfies Server;
    }),
  );
  return Object.fromEntries(started.map((server) => [server.name, server])) as Record<ServerName, Server>;
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
  /** CPU the server process (and any child) used per request of the run: on 2 cores, CPU is latency. */
  cpuMsPerRequest: number | null;
}

async function measure(server: Server, uri: string, credentials: LoadCredentials): Promise<Measured> {
  const before = treeCpuMs(server.pid);
  const load = await runLoad(server, uri, credentials, config.seconds);
  const after = treeCpuMs(server.pid);
  return {
    load,
    cpuMsPerRequest:
      before === null || after === null || load.requests === 0 ? null : (after - before) / load.requests,
  };
}

function runLoad(
  server: Server,
  uri: string,
  credentials: LoadCredentials,
  seconds: number,
): Promise<LoadResult> {
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
      seconds,
      warmupSeconds: 0,
    };
    child.send(loadConfig);
  });
}

interface Case {
  label: string;
  uri: string;
  total: number;
}

const SERVER_ORDER: readonly ServerName[] = ['bare', 'floor', 'next'];

/** The median of a non-empty list (the lower middle for an even count, so it is always a measured value). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
}

interface CaseResult {
  case: Case;
  /** Every round's run of each server. */
  runs: Record<ServerName, Measured[]>;
  wrapperP50: number | null;
}

/** One warm-up per server, then `rounds` rounds of the three servers, rotating which goes first. */
async function measureCase(
  servers: Record<ServerName, Server>,
  item: Case,
  credentials: LoadCredentials,
): Promise<Record<ServerName, Measured[]>> {
  for (const name of SERVER_ORDER) await runLoad(servers[name], item.uri, credentials, config.warmupSeconds);
  const runs: Record<ServerName, Measured[]> = { bare: [], floor: [], next: [] };
  for (let round = 0; round < config.rounds; round += 1) {
    const order = SERVER_ORDER.map((_, index) => SERVER_ORDER[(index + round) % SERVER_ORDER.length]!);
    for (const name of order) runs[name].push(await measure(servers[name], item.uri, credentials));
  }
  return runs;
}

const p50Of = (runs: readonly Measured[]) => median(runs.map((run) => run.load.latencyMs.p50));
const p95Of = (runs: readonly Measured[]) => median(runs.map((run) => run.load.latencyMs.p95));
const cpuOf = (runs: readonly Measured[]) => {
  const values = runs.flatMap((run) => (run.cpuMsPerRequest === null ? [] : [run.cpuMsPerRequest]));
  return values.length ? median(values) : null;
};

async function main(): Promise<number> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const prepared = await prepareDatabase();
  const servers = await startServers(prepared, stamp);

  // First, middle and last page of the organization, without and with a status filter.
  const cases: Case[] = [];
  for (const filter of ['', '&status=COMPLETED']) {
    const first = await fetchPage(
      servers.next,
      `${BASELINE_ROUTE}?limit=${PAGE_SIZE}&page=1${filter}`,
      prepared.credentials,
    );
    const total = first.body.meta?.total ?? 0;
    const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
    for (const [name, page] of [
      ['first', 1],
      ['middle', Math.ceil(last / 2)],
      ['last', last],
    ] as const) {
      cases.push({
        label: `${name} page (${page})${filter ? ', status=COMPLETED' : ''}`,
        uri: `${BASELINE_ROUTE}?limit=${PAGE_SIZE}&page=${page}${filter}`,
        total,
      });
    }
  }

  // All three must give the same answer, or the comparison means nothing.
  const problems: string[] = [];
  for (const item of cases) {
    const answers = await Promise.all(
      SERVER_ORDER.map((name) => fetchPage(servers[name], item.uri, prepared.credentials)),
    );
    if (answers.some((answer) => answer.status !== 200))
      problems.push(`${item.uri}: ${answers.map((answer) => answer.status).join('/')}`);
    else if (answers.some((answer) => !isDeepStrictEqual(answer.body, answers[0]!.body)))
      problems.push(`${item.uri}: the servers' bodies differ`);
    const expected = Math.min(
      PAGE_SIZE,
      item.total - (Number(/page=(\d+)/.exec(item.uri)![1]) - 1) * PAGE_SIZE,
    );
    const ours = answers[SERVER_ORDER.indexOf('next')]!;
    if (ours.body.items?.length !== expected)
      problems.push(`${item.uri}: ${ours.body.items?.length} items, expected ${expected}`);
  }
  say(
    problems.length
      ? `warning: ${problems.join('; ')}`
      : 'all three servers answer every case with the same page',
  );

  const results: CaseResult[] = [];
  let logOffset = fs.statSync(servers.next.logFile).size;
  for (const item of cases) {
    say(
      `${item.label}: ${config.rounds} rounds of bare, minimal Next and the app (${config.seconds} s each, ${config.connections} connection(s))…`,
    );
    const runs = await measureCase(servers, item, prepared.credentials);
    const wrapper = wrapperP50(servers.next.logFile, logOffset);
    logOffset = wrapper.offset;
    results.push({ case: item, runs, wrapperP50: wrapper.p50 });
  }
  const timedInside = results.some((result) => result.wrapperP50 !== null);

  const ms = (value: number | null) => value?.toFixed(2) ?? '—';
  const lines = [
    '',
    `## bench:liquidity — ${ORGANIZATIONS * PER_ORGANIZATION} withdrawals, ${ORGANIZATIONS} organizations, limit=${PAGE_SIZE}, ${config.connections} connection(s), ${config.rounds} rounds × ${config.seconds} s per server`,
    '',
    'Medians over the rounds. bare = node:http doing the baseline work; floor = a minimal Next app whose one route does',
    'exactly that work (what Next costs on its own); app = `next start` of this application.',
    '',
    `| page | total | bare p50 ms | floor p50 ms | app p50 ms | app p95 ms | floor ÷ bare | app ÷ floor | app ÷ bare | CPU ms/req bare / floor / app |${timedInside ? ' in our wrapper p50 ms |' : ''} p50 < 20 ms | within 30 % |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|${timedInside ? '---:|' : ''}---|---|`,
  ];
  const flags = [...problems];
  let allPass = true;
  for (const { case: item, runs, wrapperP50: inside } of results) {
    const [bare, floor, next] = [p50Of(runs.bare), p50Of(runs.floor), p50Of(runs.next)];
    const ratio = next / bare;
    const fast = next < TARGETS.p50Ms;
    const close = ratio <= 1 + TARGETS.overBare;
    allPass &&= fast && close;
    for (const name of SERVER_ORDER) {
      const errors = runs[name].reduce((sum, run) => sum + run.load.errors, 0);
      if (errors) flags.push(`${item.label}: ${errors} errors from ${servers[name].title}`);
    }
    lines.push(
      `| ${item.label} | ${item.total} | ${bare.toFixed(2)} | ${floor.toFixed(2)} | ${next.toFixed(2)} | ${p95Of(runs.next).toFixed(2)} | ${(floor / bare).toFixed(2)} | ${(next / floor).toFixed(2)} | ${ratio.toFixed(2)} | ${ms(cpuOf(runs.bare))} / ${ms(cpuOf(runs.floor))} / ${ms(cpuOf(runs.next))} |${timedInside ? ` ${inside?.toFixed(1) ?? '—'} |` : ''} ${fast ? 'PASS' : 'FAIL'} | ${close ? 'PASS' : 'FAIL'} |`,
    );
  }
  const floorRatios = results.map(({ runs }) => p50Of(runs.floor) / p50Of(runs.bare));
  lines.push(
    '',
    `Next on its own (floor ÷ bare) spends ${((Math.min(...floorRatios) - 1) * 100).toFixed(0)}–${((Math.max(...floorRatios) - 1) * 100).toFixed(0)} % over bare on the same work; the target allows the app 30 %.`,
    '',
    `Targets: ${allPass ? 'all PASS' : 'some FAIL'}${flags.length ? `\n\n**FLAGGED:** ${flags.join('; ')}` : ''}`,
    '',
  );
  process.stdout.write(lines.join('\n'));

  const summary = (runs: readonly Measured[]) => ({
    p50: p50Of(runs),
    p95: p95Of(runs),
    cpu_ms_per_request: cpuOf(runs),
    errors: runs.reduce((sum, run) => sum + run.load.errors, 0),
    rounds: runs.map((run) => ({
      p50: run.load.latencyMs.p50,
      p95: run.load.latencyMs.p95,
      rps: run.load.requestsPerSecond,
      cpu_ms_per_request: run.cpuMsPerRequest,
    })),
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
        results: results.map(({ case: item, runs, wrapperP50: inside }) => ({
          ...item,
          next_wrapper_p50: inside,
          bare: summary(runs.bare),
          floor: summary(runs.floor),
          next: summary(runs.next),
        })),
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
