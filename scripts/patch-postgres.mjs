// Owns our patches to an installed dependency, applied after every `npm install`/`npm ci` (package.json
// "postinstall"). postgres.js 3.4.9 (the latest) mishandles a connection the server or a pooler closes under it —
// exactly what a database restart or PgBouncer refusing logins does — in two ways, each fixed by one patch below.
// Each is idempotent (its mark) and fails loudly if a new postgres.js no longer has the code it changes (then check
// whether upstream fixed it, and drop the patch).
import fs from 'node:fs';
import path from 'node:path';

// Bundled into the server by `next build` (instrumentation.ts), where a module has no directory of its own: there the
// caller passes the project's root.
const ROOT = import.meta.dirname ? path.resolve(import.meta.dirname, '..') : process.cwd();

/**
 * @typedef {{ name: string, mark: string, upstream: string, pattern: RegExp, replacement: string }} Patch
 * @type {Patch[]}
 */
export const POSTGRES_PATCHES = [
  {
    // A write queued with setImmediate runs after the connection closed and nulled its socket: "TypeError: Cannot
    // read properties of null (reading 'write')" is thrown from a timer, no caller can catch it, and the process dies
    // (a worker) or keeps a query that never settles. The guard settles the connection's queries with
    // CONNECTION_CLOSED instead, as #1209 proposes; the pool then replaces the connection.
    name: 'nextWrite guarded',
    mark: 'patch-postgres.mjs: the connection closed with this write queued',
    upstream: 'porsager/postgres#1208',
    pattern: /( {2}function nextWrite\(fn\) \{\n)( {4}const x = socket\.write\(chunk, fn\))/,
    replacement: `$1    if (socket === null) {
      // patched by scripts/patch-postgres.mjs: the connection closed with this write queued (porsager/postgres#1208).
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options, socket))
      return false
    }
$2`,
  },
  {
    // The server's last words on a socket that then closed (57P01 on a restart, PgBouncer's "server login has been
    // failing") stay in \`errorResponse\`; the connection object is reused, and the next ReadyForQuery — the
    // replacement connection's startup — rejects whatever query waits for it with that old error, seconds or
    // minutes later. The in-flight query has already been rejected (CONNECTION_CLOSED); the error dies with its socket.
    name: 'stale server error dropped with its socket',
    mark: 'patch-postgres.mjs (stale errorResponse)',
    upstream: 'porsager/postgres#1215, #1223',
    pattern: /( {4}socket\.removeAllListeners\(\)\n {4}socket = null\n)/,
    replacement: `$1    // patched by scripts/patch-postgres.mjs (stale errorResponse): see porsager/postgres#1215, #1223.
    errorResponse = null
`,
  },
];

/** The connection.js of each build postgres.js ships (ESM, CommonJS, Cloudflare) under `root`'s node_modules. */
export function postgresConnectionFiles(root = ROOT) {
  return ['src', 'cjs/src', 'cf/src'].map((dir) =>
    path.join(root, 'node_modules', 'postgres', dir, 'connection.js'),
  );
}

export const POSTGRES_CONNECTION_FILES = postgresConnectionFiles();

/**
 * What is not patched, as "file: patch" (empty when every installed copy carries every patch). An install with
 * `--ignore-scripts` skips postinstall and leaves postgres.js as published: nothing else would notice.
 * @param {string[]} [files]
 */
export function missingPostgresPatches(files = POSTGRES_CONNECTION_FILES) {
  const missing = [];
  const installed = files.filter((file) => fs.existsSync(file));
  if (installed.length === 0) return [`${files[0]}: postgres.js is not installed`];
  for (const file of installed) {
    const source = fs.readFileSync(file, 'utf8');
    for (const patch of POSTGRES_PATCHES) {
      if (!source.includes(patch.mark)) missing.push(`${path.relative(ROOT, file) || file}: ${patch.name}`);
    }
  }
  return missing;
}

/** Raised at start-up when a patch is missing; its message names the fix. */
export class PostgresNotPatchedError extends Error {
  name = 'PostgresNotPatchedError';
}

/**
 * Refuses to go on (the server, the worker) on an unpatched postgres.js, naming the fix: a database restart would
 * otherwise kill the process or fail a query minutes later with the old server's error.
 * @param {string[]} [files]
 */
export function assertPostgresPatched(files = POSTGRES_CONNECTION_FILES) {
  const missing = missingPostgresPatches(files);
  if (missing.length === 0) return;
  throw new PostgresNotPatchedError(
    [
      'postgres.js is not patched (was `npm ci --ignore-scripts` used?):',
      ...missing.map((line) => `  ${line}`),
      'Apply the patches with `npm rebuild` (runs our postinstall) or `node scripts/patch-postgres.mjs`, then start again.',
    ].join('\n'),
  );
}

/**
 * For an entry point (`npm start`, `next start`'s instrumentation): prints the refusal and exits when a patch is
 * missing. Bundled into the server, the files are found from the working directory, where `next start` runs.
 * @param {string[]} [files]
 */
export function exitUnlessPostgresPatched(files = POSTGRES_CONNECTION_FILES) {
  try {
    assertPostgresPatched(files);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/**
 * Applies every patch not yet applied to every installed copy; what it changed, as "file: patch".
 * @param {string[]} [files]
 */
export function patchPostgres(files = POSTGRES_CONNECTION_FILES) {
  const applied = [];
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    let source = fs.readFileSync(file, 'utf8');
    const before = source;
    for (const patch of POSTGRES_PATCHES) {
      if (source.includes(patch.mark)) continue;
      if (!patch.pattern.test(source)) {
        throw new Error(
          `${file}: the code "${patch.name}" changes is not as postgres.js 3.4.9 wrote it; check whether upstream fixed ${patch.upstream}`,
        );
      }
      source = source.replace(patch.pattern, patch.replacement);
      applied.push(`${path.relative(ROOT, file)}: ${patch.name}`);
    }
    if (source === before) continue;
    // A new file, renamed over the old one: node_modules may be hard-linked into other checkouts.
    const next = `${file}.patched`;
    fs.writeFileSync(next, source);
    fs.renameSync(next, file);
  }
  return applied;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const applied = patchPostgres();
  if (applied.length > 0) console.log(`postgres.js patched:\n  ${applied.join('\n  ')}`);
}
