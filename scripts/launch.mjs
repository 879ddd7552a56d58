// Owns the launch sequence shared by `npm start` and the e2e server: build if stale, database, migrate, seed, then
// the app served through the front (scripts/front.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from './build-state.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const nextCli = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const frontScript = path.join(root, 'scripts', 'front.mjs');
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/**
 * @typedef {object} PreparedDatabase
 * @property {Record<string, string>} env variables the app needs for this database (DATABASE_URL, secrets…)
 * @property {string} description one line for the banner
 * @property {() => Promise<void>} stop releases what prepare() started
 */

/**
 * @typedef {object} LaunchOptions
 * @property {string} name product name for the banner
 * @property {number} port
 * @property {string | undefined} hostname the address the front binds to, when set
 * @property {() => Promise<PreparedDatabase>} prepareDatabase
 * @property {string} [instanceFile] where to record this instance's URL once it answers (read by `cli call`)
 */

/** @param {LaunchOptions} options */
export async function launch(options) {
  process.chdir(root);
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let current;
  /** @type {PreparedDatabase | undefined} */
  let database;
  let stopping = false;

  let finishing = false;
  const finish = async (/** @type {number} */ code) => {
    if (finishing) return;
    finishing = true;
    if (options.instanceFile) forgetInstance(options.instanceFile);
    try {
      await database?.stop();
    } catch (error) {
      console.error('Could not stop the database cleanly:', error);
      code ||= 1;
    }
    process.exit(code);
  };

  // A signal is forwarded to whichever child runs (build, migrate, seed, next); the step sequence then unwinds and
  // the database this launcher started is stopped last, after next has released its connections.
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // Without a running child the sequence is between steps; it checks `stopping` before the next one.
      if (current && current.exitCode === null) current.kill(signal);
    });
  }

  // `npm start` runs us under `sh -c`, which dies on SIGTERM without passing it on (npm 11 signals only the shell).
  // Orphaned, we would keep next and PostgreSQL running for nobody: treat the loss of our parent as a SIGTERM.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.emit('SIGTERM', 'SIGTERM');
  }, 1000).unref();

  /** @param {string} label @param {string[]} args @param {NodeJS.ProcessEnv} env @returns {Promise<void>} */
  const step = (label, args, env) =>
    new Promise((resolve, reject) => {
      if (stopping) {
        void finish(0);
        return;
      }
      const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
      current = child;
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        current = undefined;
        if (stopping) void finish(0);
        else if (code === 0) resolve();
        else reject(new Error(`${label} failed (${signal ?? `exit code ${code}`})`));
      });
    });

  try {
    // Before minutes of build, migrations and seed: a taken port is reported now, naming it.
    await assertPortFree(options.port, options.hostname);
    const stale = staleBuildReason(root);
    if (stale) {
      console.log(`Building the app: ${stale}.`);
      const build = buildCommand();
      await step('next build', build.args, build.env);
    }
    database = await options.prepareDatabase();
    const env = {
      ...process.env,
      ...database.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      // An explicit setting wins, then the caller's (the e2e server's 127.0.0.1 address), then localhost.
      APP_BASE_URL:
        process.env.APP_BASE_URL ?? database.env.APP_BASE_URL ?? `http://localhost:${options.port}`,
    };

    await step('migrations', [tsxCli, 'scripts/migrate.ts'], env);
    // Only the migrate step gets the owner's connection; the seed and the server run as the app's role.
    delete env.MIGRATION_DATABASE_URL;
    const appEnv = env.APP_ENV ?? 'sandbox';
    if (appEnv === 'sandbox' && fs.existsSync(path.join(root, 'scripts', 'seed.ts'))) {
      await step('seed', [tsxCli, 'scripts/seed.ts'], env);
    }

    // Next runs behind the front (scripts/front.mjs), in one process: the front sets the client address.
    const server = step('the server', [frontScript], {
      ...env,
      ...(options.hostname ? { FRONT_HOSTNAME: options.hostname } : {}),
    });
    void announceWhenReady(options, appEnv, database.description);
    await server;
    // next exited by itself with code 0 (it only does that when asked to stop).
    await finish(0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await finish(1);
  }
}

/**
 * `next build` as a launcher runs it when the build is stale: node's arguments and the environment, which holds no
 * DATABASE_URL or secrets on purpose, since `next build` must never touch a database.
 */
export function buildCommand() {
  const { DATABASE_URL: _url, AUTH_SECRET: _auth, ENCRYPTION_KEY: _key, ...buildEnv } = process.env;
  return { args: [nextCli, 'build'], env: { ...buildEnv, NODE_ENV: 'production' } };
}

/** Fails with a message naming the port when something already listens on it. */
function assertPortFree(/** @type {number} */ port, /** @type {string | undefined} */ hostname) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} is already in use (another server listens on it). Stop it, or start on another port: PORT=${port + 1} npm start`,
            )
          : error,
      );
    });
    probe.listen(port, hostname, () => probe.close(() => resolve(undefined)));
  });
}

/** Prints the banner once the app answers its health check, so the URL shown is one that works. */
async function announceWhenReady(
  /** @type {LaunchOptions} */ options,
  /** @type {string} */ appEnv,
  /** @type {string} */ description,
) {
  const url = `http://localhost:${options.port}`;
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) {
        const lines = [
          '',
          `  ${options.name} is running (${appEnv})`,
          `  App:       ${url}`,
          `  Health:    ${url}/api/health`,
          `  Database:  ${description}`,
          '  Stop with Ctrl-C.',
          '',
        ];
        console.log(lines.join('\n'));
        if (options.instanceFile) recordInstance(options.instanceFile, url);
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Records where this instance answers, so `cli call` reaches it on whatever port it chose (PORT=3001 npm start);
 * the pid lets a reader ignore a file left by an instance that died without cleaning up.
 */
function recordInstance(/** @type {string} */ file, /** @type {string} */ url) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ url, pid: process.pid })}\n`);
}

function forgetInstance(/** @type {string} */ file) {
  try {
    const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
    // Another instance may have started since on another port: only remove our own record.
    if (recorded.pid === process.pid) fs.rmSync(file);
  } catch {
    // Never recorded (stopped before it answered) or already gone.
  }
}
