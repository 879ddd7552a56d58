// Owns starting both browser-test servers side by side: the sandbox (scripts/e2e-server.mjs) and the sandbox with the
// production adapters (scripts/e2e-live-server.mjs). Each spends its start migrating and seeding a database of its
// own, about 20 s on two cores; Playwright starts its webServer entries one after the other, so it runs this one
// launcher instead, and waits for the line it prints once both servers answer.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { staleBuildReason } from './build-state.mjs';
import { buildCommand, root } from './launch.mjs';

/** The line playwright.config.ts waits for (its webServer.wait). */
const READY_LINE = 'both browser-test servers answer';

const port = Number(process.env.E2E_PORT ?? 3100);
const livePort = Number(process.env.E2E_LIVE_PORT ?? 3101);
const servers = [
  { label: 'e2e', script: 'scripts/e2e-server.mjs', health: `http://127.0.0.1:${port}/api/health` },
  { label: 'live', script: 'scripts/e2e-live-server.mjs', health: `http://127.0.0.1:${livePort}/api/health` },
];

/** @param {string[]} args @param {NodeJS.ProcessEnv} env @param {string} label */
function start(args, env, label) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Each line says whose it is: the two servers' logs interleave.
  for (const [stream, out] of /** @type {const} */ ([
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])) {
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return { child, exited };
}

/** Whether `url` answers 200 now. */
async function answers(/** @type {string} */ url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

// Both launchers would build a stale app at once: build it here first, once.
const stale = staleBuildReason(root);
if (stale) {
  console.log(`Building the app: ${stale}.`);
  const build = buildCommand();
  const outcome = await start(build.args, build.env, 'build').exited;
  if (outcome !== 0) {
    console.error(`next build failed (${outcome})`);
    process.exit(1);
  }
}

const running = servers.map((server) => ({
  ...server,
  ...start([server.script], process.env, server.label),
}));
let stopping = false;

/** Stops both (each launcher stops its server, then the database once no one holds it) and exits with `code`. */
async function stopAll(/** @type {number} */ code) {
  if (stopping) return;
  stopping = true;
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await Promise.all(running.map((server) => server.exited));
  process.exit(code);
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => void stopAll(0));
// Orphaned (the test runner killed without its cleanup), stop as if told to, as each launcher does.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stopAll(0);
}, 1000).unref();
// A server that ends by itself, before or after both answer, ends the pair: a test run against half a pair fails
// in confusing ways.
for (const server of running) {
  void server.exited.then((outcome) => {
    if (stopping) return;
    console.error(`[${server.label}] ${server.script} ended (${outcome}): stopping the other server`);
    void stopAll(1);
  });
}

const waiting = new Set(running);
while (waiting.size > 0 && !stopping) {
  for (const server of [...waiting]) if (await answers(server.health)) waiting.delete(server);
  if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 250));
}
if (!stopping) console.log(`${READY_LINE}: ${servers.map((server) => server.health).join(', ')}`);
