// The one patch we apply to an installed dependency (scripts/patch-postgres.mjs, run by `npm install`/`npm ci`): without
// it a PostgreSQL restart can kill a worker with an uncatchable TypeError from postgres.js (porsager/postgres#1208).
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { POSTGRES_CONNECTION_FILES } from '../scripts/patch-postgres.mjs';

it("every copy of postgres.js's connection settles its queries instead of writing to a closed socket", () => {
  const installed = POSTGRES_CONNECTION_FILES.filter((file) => fs.existsSync(file));
  expect(installed.length).toBeGreaterThan(0);
  for (const file of installed) {
    const source = fs.readFileSync(file, 'utf8');
    expect(source, file).toMatch(
      /function nextWrite\(fn\) \{\n {4}if \(socket === null\) \{[\s\S]*?CONNECTION_CLOSED/,
    );
  }
});
