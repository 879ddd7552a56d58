// Services see adapters only through their interface: nothing outside lib/adapters imports an implementation.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const adaptersDir = path.join(root, 'lib', 'adapters');
const SKIP = new Set([
  'node_modules',
  '.next',
  '.git',
  '.data',
  '.test-data',
  'test-results',
  'playwright-report',
]);

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (SKIP.has(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry)) found.push(full);
  }
  return found;
}

/** Every module specifier a file imports or re-exports, resolved to a path under the repository when it is ours. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    (match) => match[1]!,
  );
  return specifiers.map((specifier) =>
    specifier.startsWith('@/')
      ? path.join(root, specifier.slice(2))
      : specifier.startsWith('.')
        ? path.resolve(path.dirname(file), specifier)
        : specifier,
  );
}

/** Inside lib/adapters, only an adapter's folder (its index), its types and the registry are for other code. */
function isImplementation(target: string): boolean {
  if (!target.startsWith(adaptersDir + path.sep)) return false;
  const parts = path.relative(adaptersDir, target).replace(/\.ts$/, '').split(path.sep);
  if (parts.length === 1) return false; // an adapter's folder (its index.ts), or the registry
  return !(parts.length === 2 && (parts[1] === 'index' || parts[1] === 'types'));
}

describe('adapter import direction', () => {
  const files = ['app', 'lib', 'scripts', 'components', 'db', 'test', 'e2e', 'bench']
    .map((dir) => path.join(root, dir))
    .flatMap((dir) => {
      try {
        return sourceFiles(dir);
      } catch {
        return [];
      }
    });

  it('finds the code it guards', () => {
    expect(files.some((file) => file.endsWith(path.join('lib', 'funding', 'deposits.ts')))).toBe(true);
  });

  it('no file outside lib/adapters imports an implementation (e.g. custody/sandbox.ts)', () => {
    const offenders = files
      .filter((file) => !file.startsWith(adaptersDir + path.sep))
      .flatMap((file) =>
        importsOf(file)
          .filter(isImplementation)
          .map((target) => `${path.relative(root, file)} → ${path.relative(root, target)}`),
      );
    expect(offenders).toEqual([]);
  });
});
