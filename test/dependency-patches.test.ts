// The patches we apply to an installed dependency (scripts/patch-postgres.mjs, run by `npm install`/`npm ci`): without
// them a PostgreSQL restart can kill a worker with an uncatchable TypeError from postgres.js, and a query long after it
// can fail with the old server's error (db/connection-recovery.integration.test.ts shows the second).
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { POSTGRES_CONNECTION_FILES, POSTGRES_PATCHES } from '../scripts/patch-postgres.mjs';

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
