// Owns the processes of a scale-out deployment on this machine, for bench:pipeline and test/server/pipeline.test.ts:
// its own PostgreSQL cluster (never the shared test cluster: it is restarted on purpose), PgBouncer in transaction
// mode in front of it, N app instances as `npm start` serves the build (scripts/front.mjs, Next in the same process)
// connected through PgBouncer, and M `npm run worker` processes connected directly (LISTEN/NOTIFY, session locks).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import {
  appRoleUrl,
  ensureEmbeddedPostgres,
  freePort,
  stopEmbeddedPostgres,
} from '../../scripts/embedded-db.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** PostgreSQL's max_connections in the cluster: every instance (through PgBouncer), worker and the harness share it. */
export const MAX_CONNECTIONS = 200;
const FRONT = path.join(ROOT, 'scripts', 'front.mjs');
const WORKER = path.join(ROOT, 'scripts', 'worker.ts');
const TSX_CLI = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const DATABASE = 'payout';

export interface ClusterOptions {
  apps: number;
  workers: number;
  /** Ports to try first (the bench's range); a free port from the OS otherwise. */
  portRange?: { from: number; to: number };
  postgresPortRange?: { from: number; to: number };
  /** Extra environment for app instances and workers alike. */
  env?: Record<string, string>;
  log?: (message: string) => void;
}

/** One restartable process: an app instance or a worker. */
export interface ManagedProcess {
  readonly name: string;
  readonly port?: number;
  readonly pid: number | undefined;
  running(): boolean;
  start(): Promise<void>;
  /** SIGKILL, no goodbye: what a crashed container looks like. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
}

export interface Cluster {
  dir: string;
  /** The schema owner, direct: migrations and the harness's own checks. */
  ownerUrl: string;
  /** The app's role, direct: workers. */
  directUrl: string;
  /** The app's role through PgBouncer (transaction mode): app instances. */
  pooledUrl: string;
  postgresPort: number;
  pgbouncerPort: number;
  secrets: { AUTH_SECRET: string; ENCRYPTION_KEY: string };
  apps: ManagedProcess[];
  workers: ManagedProcess[];
  /** Fast shutdown and start of PostgreSQL on the same port and data; resolves once it accepts connections again. */
  restartPostgres(): Promise<{ downAt: number; upAt: number }>;
  /** Stops every process it started and removes its temporary directory. */
  stop(): Promise<void>;
  /** Runs a script of this repository under tsx with the app's environment (migrations, seeding). */
  runScript(script: string, args?: string[], extraEnv?: Record<string, string>): Promise<string>;
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const taken = new Set<number>();
async function pickPort(range?: { from: number; to: number }): Promise<number> {
  if (range) {
    for (let port = range.from; port <= range.to; port += 1) {
      if (taken.has(port)) continue;
      if (await portFree(port)) {
        taken.add(port);
        return port;
      }
    }
  }
  const port = await freePort();
  taken.add(port);
  return port;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, detail = () => '') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} not ready within ${timeoutMs} ms\n${detail()}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
  };
}

/** Debian's PgBouncer; scripts/test.sh installs it like chromium when missing. */
export function pgbouncerBinary(): string {
  for (const candidate of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(
    'pgbouncer is not installed: apt-get install -y pgbouncer (scripts/test.sh does it as root)',
  );
}

class ChildHandle implements ManagedProcess {
  private child: ChildProcess | undefined;
  private printed = '';
  private startedAt = 0;
  constructor(
    readonly name: string,
    private readonly command: string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly ready: (handle: ChildHandle) => Promise<boolean>,
    readonly port?: number,
    private readonly options: { uid?: number; gid?: number; cwd?: string } = {},
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  output(): string {
    return this.printed.slice(-6000);
  }

  /** What the current run printed: a restarted process is ready when it says so again, not on its old words. */
  outputSinceStart(): string {
    return this.printed.slice(this.startedAt);
  }

  async start(): Promise<void> {
    if (this.running()) return;
    const [file, ...args] = this.command;
    const child = spawn(file!, args, {
      cwd: this.options.cwd ?? ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(this.options.uid !== undefined ? { uid: this.options.uid, gid: this.options.gid } : {}),
    });
    this.child = child;
    this.printed = this.printed.slice(-10_000);
    this.startedAt = this.printed.length;
    const keep = (chunk: Buffer) => {
      this.printed += chunk.toString();
      // Keep the tail, and the start of the current run for the ready check.
      if (this.printed.length > 40_000) {
        const cut = this.printed.length - 20_000;
        this.printed = this.printed.slice(cut);
        this.startedAt = Math.max(0, this.startedAt - cut);
      }
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    await waitFor(
      this.name,
      async () => {
        if (!this.running())
          throw new Error(`${this.name} exited (${child.exitCode ?? child.signalCode}):\n${this.output()}`);
        return this.ready(this);
      },
      120_000,
      () => this.output(),
    );
  }

  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || !this.running()) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running()) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    throw new Error('the pipeline needs the production build: run `npx next build` first');
  }
  const bouncer = pgbouncerBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payout-pipeline-'));
  fs.chmodSync(dir, 0o755);
  const owner = postgresUser();
  const pgDir = path.join(dir, 'db');
  fs.mkdirSync(pgDir, { recursive: true });
  // ensureEmbeddedPostgres takes the port recorded in its state file when it is free: our range, not a random one.
  const postgresPort = await pickPort(options.postgresPortRange);
  fs.writeFileSync(path.join(pgDir, 'postgres.json'), JSON.stringify({ port: postgresPort }), {
    mode: 0o600,
  });
  const settings = {
    // The pipeline measures the application, not the disk of a shared machine.
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
  };
  const server = await ensureEmbeddedPostgres({
    dir: pgDir,
    database: DATABASE,
    maxConnections: MAX_CONNECTIONS,
    settings,
    log,
  });
  const ownerUrl = server.url;
  const directUrl = appRoleUrl(ownerUrl);
  const appUser = new URL(directUrl);

  // PgBouncer in transaction mode: the app role's clients share a small pool of server connections.
  const pgbouncerPort = await pickPort(options.portRange);
  const bouncerDir = path.join(dir, 'pgbouncer');
  fs.mkdirSync(bouncerDir, { recursive: true });
  const userlist = `"${decodeURIComponent(appUser.username)}" "${decodeURIComponent(appUser.password)}"\n`;
  fs.writeFileSync(path.join(bouncerDir, 'userlist.txt'), userlist, { mode: 0o600 });
  fs.writeFileSync(
    path.join(bouncerDir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${DATABASE} = host=127.0.0.1 port=${postgresPort} dbname=${DATABASE}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${pgbouncerPort}`,
      'unix_socket_dir =',
      'auth_type = scram-sha-256',
      `auth_file = ${path.join(bouncerDir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 400',
      'default_pool_size = 20',
      'reserve_pool_size = 4',
      // After a PostgreSQL restart, try again soon rather than after the default 15 s.
      'server_login_retry = 1',
      'server_connect_timeout = 5',
      'query_wait_timeout = 30',
      'ignore_startup_parameters = extra_float_digits',
      'log_connections = 0',
      // Why server connections closed (a failed run's report quotes them): a refused login fails clients fast.
      'log_disconnections = 1',
      `logfile = ${path.join(bouncerDir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(bouncerDir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  for (const file of ['', 'userlist.txt', 'pgbouncer.ini']) {
    const target = path.join(bouncerDir, file);
    if (owner.uid !== undefined) fs.chownSync(target, owner.uid, owner.gid!);
  }
  // PgBouncer refuses to run as root: as root it runs as the postgres user, like the server.
  const pgbouncer = new ChildHandle(
    'pgbouncer',
    [bouncer, path.join(bouncerDir, 'pgbouncer.ini')],
    { PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: 'production' },
    async () => accepts(pgbouncerPort),
    pgbouncerPort,
    { ...owner, cwd: bouncerDir },
  );
  await pgbouncer.start();
  const pooled = new URL(directUrl);
  pooled.port = String(pgbouncerPort);
  const pooledUrl = pooled.toString();

  const secrets = {
    AUTH_SECRET: crypto.randomBytes(32).toString('base64'),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };
  const shared: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    APP_ENV: 'sandbox',
    LOG_LEVEL: 'warn',
    WORKER_IN_PROCESS: 'false',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    // Keys are created with this limit; the rate-limit statement still runs on every request, it just never refuses.
    DEFAULT_RATE_LIMIT_PER_MINUTE: '100000',
    ...secrets,
    ...options.env,
  };

  const runScript = (script: string, args: string[] = [], extraEnv: Record<string, string> = {}) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [TSX_CLI, script, ...args], {
        cwd: ROOT,
        env: { ...shared, DATABASE_URL: directUrl, MIGRATION_DATABASE_URL: ownerUrl, ...extraEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        err += chunk;
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`${script} exited ${code}:\n${out}\n${err}`)),
      );
    });

  log('migrating as the owner, granting the app role…');
  await runScript('scripts/migrate.ts');

  const apps: ManagedProcess[] = [];
  for (let i = 0; i < options.apps; i += 1) {
    const port = await pickPort(options.portRange);
    apps.push(
      new ChildHandle(
        `app ${i + 1}`,
        [process.execPath, FRONT],
        {
          ...shared,
          DATABASE_URL: pooledUrl,
          DATABASE_POOLER: 'transaction',
          DB_POOL_MAX: '10',
          PORT: String(port),
          FRONT_HOSTNAME: '127.0.0.1',
          APP_BASE_URL: `http://127.0.0.1:${port}`,
        },
        async () => {
          try {
            return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
          } catch {
            return false;
          }
        },
        port,
      ),
    );
  }
  const workers: ManagedProcess[] = [];
  for (let i = 0; i < options.workers; i += 1) {
    const name = `worker ${i + 1}`;
    workers.push(
      new ChildHandle(
        name,
        // `npm run worker` is `tsx scripts/worker.ts`; as one process (tsx as a loader) so SIGKILL hits the worker itself.
        [process.execPath, '--import', 'tsx', WORKER],
        { ...shared, DATABASE_URL: directUrl, DB_POOL_MAX: '6' },
        async (handle) => handle.outputSinceStart().includes('Worker running'),
      ),
    );
  }

  const restartPostgres = async () => {
    const downAt = Date.now();
    await stopEmbeddedPostgres({ dir: pgDir });
    const again = await ensureEmbeddedPostgres({
      dir: pgDir,
      database: DATABASE,
      maxConnections: MAX_CONNECTIONS,
      settings,
    });
    if (again.port !== postgresPort)
      throw new Error(`PostgreSQL came back on ${again.port}, not ${postgresPort}`);
    const upAt = Date.now();
    return { downAt, upAt };
  };

  const stop = async () => {
    await Promise.all([...apps, ...workers].map((p) => p.stop().catch(() => {})));
    await pgbouncer.stop().catch(() => {});
    await stopEmbeddedPostgres({ dir: pgDir }).catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };

  return {
    dir,
    ownerUrl,
    directUrl,
    pooledUrl,
    postgresPort,
    pgbouncerPort,
    secrets,
    apps,
    workers,
    restartPostgres,
    stop,
    runScript,
  };
}

/** A short-lived owner connection for the harness's checks. */
export function ownerSql(cluster: Cluster): postgres.Sql {
  return postgres(cluster.ownerUrl, { max: 4, onnotice: () => {}, connect_timeout: 10 });
}
