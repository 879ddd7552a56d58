// Owns the check that db/schema and db/migrations agree: drizzle-kit generates from the schema into a copy of the
// migrations folder, and a new migration there means a schema change was committed without its migration (or the
// other way round). Run by `npm test`; exits 1 naming the fix.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Inside the checkout (drizzle-kit reads `--out` relative to it), in the ignored test-data folder.
mkdirSync(path.join(root, '.test-data'), { recursive: true });
const copy = mkdtempSync(path.join(root, '.test-data', 'migrations-check-'));
try {
  cpSync(path.join(root, 'db/migrations'), copy, { recursive: true });
  const before = new Set(readdirSync(copy));
  const output = execFileSync(
    path.join(root, 'node_modules/.bin/drizzle-kit'),
    [
      'generate',
      '--dialect=postgresql',
      '--schema=./db/schema/index.ts',
      `--out=${path.relative(root, copy)}`,
      '--casing=snake_case',
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const added = readdirSync(copy).filter((name) => !before.has(name));
  if (added.length > 0 || !/No schema changes/i.test(output)) {
    console.error(
      `db/schema and db/migrations disagree: drizzle-kit would add ${added.join(', ') || 'a migration'}.\n` +
        'Run `npm run db:generate -- --name <what changed>` and commit the migration with the schema change.',
    );
    process.exitCode = 1;
  } else {
    console.log('db/schema and db/migrations agree (drizzle-kit: no schema changes)');
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
