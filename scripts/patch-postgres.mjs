// Owns our patches to an installed dependency, applied after every `npm install`/`npm ci` (package.json
// "postinstall"). postgres.js 3.4.9 (the latest) mishandles a connection the server or a pooler closes under it —
// exactly what a database restart or PgBouncer refusing logins does — in two ways, each fixed by one patch below.
// Each is idempotent (its mark) and fails loudly if a new postgres.js no longer has the code it changes (then check
// whether upstream fixed it, and drop the patch).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

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

export const POSTGRES_CONNECTION_FILES = ['src', 'cjs/src', 'cf/src'].map((dir) =>
  path.join(ROOT, 'node_modules', 'postgres', dir, 'connection.js'),
);

/** Applies every patch not yet applied to every installed copy; what it changed, as "file: patch". */
function patchPostgres() {
  const applied = [];
  for (const file of POSTGRES_CONNECTION_FILES) {
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
