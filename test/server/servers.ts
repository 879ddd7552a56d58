// Owns starting the production build for test/server: plain `next start` (whose requests the instrumentation hook
// marks) and `npm start`'s front, each in its own process on a free port, on the calling file's database.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../scripts/embedded-db.mjs';
import { TEST_AUTH_SECRET, TEST_ENCRYPTION_KEY } from '../db';

const root = path.resolve(import.meta.dirname, '..', '..');
const NEXT_CLI = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const FRONT = path.join(root, 'scripts', 'front.mjs');

export type ServerKind = 'next start' | 'npm start (front)';

export interface RunningServer {
  kind: ServerKind;
  port: number;
  /** Everything the server printed, for the failure message. */
  output: () => string;
  stop: () => Promise<void>;
}

async function waitUntilHealthy(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become healthy within 120 s:\n${output()}`);
}

/** Starts one server of the production build on the database in DATABASE_URL (useTestDatabase sets it). */
export async function startServer(
  kind: ServerKind,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    throw new Error('test/server needs the production build: run `npx next build` first');
  }
  const port = await freePort();
  const args = kind === 'next start' ? [NEXT_CLI, 'start', '-p', String(port), '-H', '127.0.0.1'] : [FRONT];
  let printed = '';
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: process.env.DATABASE_URL!,
      AUTH_SECRET: TEST_AUTH_SECRET,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      APP_ENV: 'sandbox',
      WORKER_IN_PROCESS: 'false',
      LOG_LEVEL: 'warn',
      DB_POOL_MAX: '4',
      PORT: String(port),
      FRONT_HOSTNAME: '127.0.0.1',
      APP_BASE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => {
    printed += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    printed += chunk;
  });
  const output = () => printed.slice(-4000);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilHealthy(port, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { kind, port, output, stop };
}
