// Owns our one patch to an installed dependency, applied after every `npm install`/`npm ci` (package.json
// "postinstall"). postgres.js 3.4.9 (the latest) writes to a connection's socket from a setImmediate after the
// connection closed and nulled it: "TypeError: Cannot read properties of null (reading 'write')" is thrown from a timer,
// no caller can catch it, and the process dies (a worker) or keeps a query that never settles (Next logs it and goes
// on). It happens when PostgreSQL or a pooler drops connections under load — exactly a database restart. Upstream:
// porsager/postgres#1154 and #1208, fixes proposed in #1168/#1176/#1209, none released. The guard settles the
// connection's queries with CONNECTION_CLOSED instead, as #1209 does; the pool then replaces the connection.
// Idempotent; fails loudly if a new postgres.js no longer has the line it guards (then check whether upstream fixed it).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const MARK = 'patched by scripts/patch-postgres.mjs';
const UNGUARDED = /( {2}function nextWrite\(fn\) \{\n)( {4}const x = socket\.write\(chunk, fn\))/;
const GUARD = `    if (socket === null) {
      // ${MARK}: the connection closed with this write queued (porsager/postgres#1208).
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options, socket))
      return false
    }
`;

export const POSTGRES_CONNECTION_FILES = ['src', 'cjs/src', 'cf/src'].map((dir) =>
  path.join(ROOT, 'node_modules', 'postgres', dir, 'connection.js'),
);

function patchPostgres() {
  const patched = [];
  for (const file of POSTGRES_CONNECTION_FILES) {
    if (!fs.existsSync(file)) continue;
    const source = fs.readFileSync(file, 'utf8');
    if (source.includes(MARK)) continue;
    if (!UNGUARDED.test(source)) {
      throw new Error(
        `${file}: nextWrite is not as postgres.js 3.4.9 wrote it; check whether upstream fixed #1208`,
      );
    }
    // A new file, renamed over the old one: node_modules may be hard-linked into other checkouts.
    const next = `${file}.patched`;
    fs.writeFileSync(next, source.replace(UNGUARDED, `$1${GUARD}$2`));
    fs.renameSync(next, file);
    patched.push(path.relative(ROOT, file));
  }
  return patched;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const patched = patchPostgres();
  if (patched.length > 0) console.log(`postgres.js nextWrite guarded in ${patched.join(', ')}`);
}
