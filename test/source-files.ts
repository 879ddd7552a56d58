// Owns listing the repository's TypeScript sources for the tests that read them as text (architecture rules, typed
// queries): every .ts/.tsx/.mts file but declaration files, outside dependencies, builds and test output.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..');

const SKIP = new Set([
  'node_modules',
  '.next',
  '.data',
  '.test-data',
  '.git',
  'test-results',
  'playwright-report',
]);

function walk(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...walk(full));
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts'))
      found.push(full);
  }
  return found;
}

/** Every source file, as a path from the repository's root with forward slashes (`lib/platform/db/prepared.ts`). */
export function repositorySources(): string[] {
  return walk(REPOSITORY_ROOT).map((file) => path.relative(REPOSITORY_ROOT, file).split(path.sep).join('/'));
}
