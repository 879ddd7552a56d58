// The patches we apply to an installed dependency (scripts/patch-postgres.mjs, run by `npm install`/`npm ci`): without
// them a PostgreSQL restart can kill a worker with an uncatchable TypeError from postgres.js, and a query long after it
// can fail with the old server's error (db/connection-recovery.integration.test.ts shows the second).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import {
  assertPostgresPatched,
  missingPostgresPatches,
  POSTGRES_CONNECTION_FILES,
  POSTGRES_PATCHES,
  PostgresNotPatchedError,
  patchPostgres,
  postgresConnectionFiles,
} from '../scripts/patch-postgres.mjs';

it('every copy of postgres.js carries every patch', () => {
  const installed = POSTGRES_CONNECTION_FILES.filter((file) => fs.existsSync(file));
  expect(installed.length).toBeGreaterThan(0);
  for (const file of installed) {
    const source = fs.readFileSync(file, 'utf8');
    for (const patch of POSTGRES_PATCHES) expect(source, `${file}: ${patch.name}`).toContain(patch.mark);
  }
  // The first guards the write a closed connection still had queued.
  expect(fs.readFileSync(installed[0]!, 'utf8')).toMatch(
    /function nextWrite\(fn\) \{\n {4}if \(socket === null\) \{[\s\S]*?CONNECTION_CLOSED/,
  );
});

it('refuses an unpatched postgres.js (an install with --ignore-scripts), naming the fix (#38 §6)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'unpatched-'));
  try {
    // postgres.js as published: the two places the patches change, as 3.4.9 has them.
    const files = postgresConnectionFiles(root);
    fs.mkdirSync(path.dirname(files[0]!), { recursive: true });
    fs.writeFileSync(
      files[0]!,
      [
        '  function nextWrite(fn) {',
        '    const x = socket.write(chunk, fn)',
        '  }',
        '  function closed() {',
        '    socket.removeAllListeners()',
        '    socket = null',
        '  }',
        '',
      ].join('\n'),
    );
    expect(missingPostgresPatches(files)).toEqual(
      POSTGRES_PATCHES.map((patch) => expect.stringContaining(`connection.js: ${patch.name}`)),
    );
    let refusal: unknown;
    try {
      assertPostgresPatched(files);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(PostgresNotPatchedError);
    expect((refusal as Error).message).toMatch(/^postgres\.js is not patched/);
    expect((refusal as Error).message).toContain('`npm rebuild`');
    expect((refusal as Error).message).toContain('`node scripts/patch-postgres.mjs`');
    // The fix it names makes the check pass.
    expect(patchPostgres(files)).toHaveLength(POSTGRES_PATCHES.length);
    expect(() => assertPostgresPatched(files)).not.toThrow();
    // No postgres.js at all is refused too, never taken for patched.
    expect(() => assertPostgresPatched(postgresConnectionFiles(path.join(root, 'elsewhere')))).toThrow(
      /postgres\.js is not installed/,
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

it('the server and the worker check it before they start', () => {
  const root = path.resolve(import.meta.dirname, '..');
  for (const entry of ['scripts/start.mjs', 'scripts/worker.ts', 'instrumentation.ts']) {
    expect(fs.readFileSync(path.join(root, entry), 'utf8'), entry).toMatch(
      /(assertPostgresPatched|exitUnlessPostgresPatched)\(/,
    );
  }
});
