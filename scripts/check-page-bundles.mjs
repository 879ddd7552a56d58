// Owns the check that no page's browser bundle carries server code, read from Next's route-bundle-stats.json after
// `next build`: pages import operation declarations and wire schemas, never drizzle, postgres or secrets.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stats = JSON.parse(readFileSync(path.join(root, '.next/diagnostics/route-bundle-stats.json'), 'utf8'));

/** Strings only server code contains: the database drivers and ORM, Node built-ins, the session decoder, SQL. */
const SERVER_MARKERS = [
  /drizzle-orm/,
  /pg-core/,
  /postgres\.js/,
  /graphile-worker/,
  /next-auth\/jwt/,
  /node:crypto/,
  /\binsert into\b/i,
  /ENCRYPTION_KEY/,
  /DATABASE_URL/,
];

let failures = 0;
for (const route of stats) {
  const found = new Set();
  for (const chunk of route.firstLoadChunkPaths ?? []) {
    const text = readFileSync(path.join(root, chunk), 'utf8');
    for (const marker of SERVER_MARKERS) if (marker.test(text)) found.add(`${marker.source} in ${chunk}`);
  }
  const kib = (route.firstLoadUncompressedJsBytes / 1024).toFixed(0);
  if (found.size > 0) {
    failures += 1;
    console.error(`✗ ${route.route} (${kib} KiB) carries server code: ${[...found].join('; ')}`);
  } else {
    console.log(`✓ ${route.route}: ${kib} KiB first-load JS, no server code`);
  }
}
if (failures > 0) process.exit(1);
