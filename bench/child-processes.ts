// Owns starting and stopping the processes a benchmark runs (servers, builds): each in its own process group, so a
// terminal's Ctrl-C reaches only the benchmark, which then stops them in order and takes down anything they spawned.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `node <args>` from the repository root, its output appended to `logFile` (else to ours). */
export function spawnDetached(
  args: string[],
  options: { env: NodeJS.ProcessEnv; logFile?: string; ipc?: boolean },
): ChildProcess {
  const log = options.logFile ? fs.openSync(options.logFile, 'a') : 'inherit';
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: options.env,
    detached: true,
    stdio: ['ignore', log, log, ...(options.ipc ? (['ipc'] as const) : [])],
  });
  if (typeof log === 'number') fs.closeSync(log);
  return child;
}

/** SIGTERM to the child's process group, SIGKILL if it has not exited after `graceMs`; resolves once it has exited. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      // The negative pid is the child's own process group (detached above): it and anything it spawned, nothing else.
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
