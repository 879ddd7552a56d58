// The import directions of DESIGN's layers, checked on every file: the transport stays at the edge, domain code
// never imports Next, and what the browser imports (declarations, wire schemas, enums) never reaches server code.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set([
  'node_modules',
  '.next',
  '.data',
  '.test-data',
  '.git',
  'test-results',
  'playwright-report',
]);

function sourceFiles(dir = root): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts'))
      found.push(full);
  }
  return found;
}

const files = sourceFiles().map((file) => path.relative(root, file).split(path.sep).join('/'));

/** Every module specifier a file imports or re-exports (type-only imports included: they name the dependency). */
function specifiers(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?from\s*['"]([^'"]+)['"]/g))
    found.add(match[1]!);
  for (const match of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) found.add(match[1]!);
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(match[1]!);
  return [...found];
}

/** A project file for `@/…` and relative specifiers; null for packages. */
function resolveLocal(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.'))
    base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mts`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ]) {
    if (files.includes(candidate)) return candidate;
  }
  const withoutJs = base.replace(/\.(m?js)$/, '');
  for (const candidate of [`${withoutJs}.ts`, `${withoutJs}.mts`])
    if (files.includes(candidate)) return candidate;
  return existsSync(path.join(root, base)) ? base : null;
}

const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.startsWith('test/') || file.startsWith('e2e/');
const under = (file: string, ...dirs: string[]) => dirs.some((dir) => file.startsWith(`${dir}/`));

function importsOf(file: string): { specifier: string; local: string | null }[] {
  return specifiers(file).map((specifier) => ({ specifier, local: resolveLocal(file, specifier) }));
}

describe('import directions', () => {
  it('only the transport imports lib/http: route files, server start-up, the page proxy, the OpenAPI description and the docs pages', () => {
    const offenders: string[] = [];
    for (const file of files) {
      if (isTest(file) || file === 'proxy.ts') continue;
      if (under(file, 'lib/http', 'app', 'lib/openapi', 'components/docs', 'bench')) continue;
      // The server's start-up installs the request hook (lib/http/incoming-hook.ts): transport, not domain.
      if (file === 'instrumentation.ts') continue;
      for (const { specifier, local } of importsOf(file)) {
        if (local?.startsWith('lib/http/')) offenders.push(`${file} → ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('domain code under lib/ never imports next/*', () => {
    const offenders: string[] = [];
    for (const file of files) {
      if (!file.startsWith('lib/') || isTest(file) || under(file, 'lib/http', 'lib/browser')) continue;
      for (const { specifier } of importsOf(file)) {
        if (specifier === 'next' || specifier.startsWith('next/')) offenders.push(`${file} → ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  /** What a page may import: operation declarations, wire schemas, enums, pagination, money, the typed fetch. */
  const BROWSER_SAFE = [
    'lib/api',
    'lib/schemas',
    'lib/enums',
    'lib/pagination',
    'lib/errors',
    'lib/money',
    'lib/browser',
  ];
  const SERVER_PACKAGES =
    /^(drizzle-orm|drizzle-kit|postgres|pg|graphile-worker|next-auth|node:|fs$|path$|crypto$)/;
  const SERVER_DIRS = ['db', 'lib/http', 'lib/auth', 'lib/env.ts', 'lib/log.ts', 'scripts'];

  it('browser-safe modules reach neither drizzle, db/, lib/http nor any other server code, even indirectly', () => {
    const offenders: string[] = [];
    for (const start of files.filter((file) => under(file, ...BROWSER_SAFE) && !isTest(file))) {
      const seen = new Set<string>();
      const queue: { file: string; via: string[] }[] = [{ file: start, via: [start] }];
      while (queue.length > 0) {
        const { file, via } = queue.shift()!;
        if (seen.has(file)) continue;
        seen.add(file);
        for (const { specifier, local } of importsOf(file)) {
          const chain = [...via, local ?? specifier].join(' → ');
          if (local === null && SERVER_PACKAGES.test(specifier)) offenders.push(chain);
          else if (local && SERVER_DIRS.some((dir) => local === dir || local.startsWith(`${dir}/`)))
            offenders.push(chain);
          else if (local) queue.push({ file: local, via: [...via, local] });
        }
      }
    }
    expect([...new Set(offenders)]).toEqual([]);
  });

  /** Specifiers a file imports at run time: `import type` and `export type` are erased and do not count. */
  function valueSpecifiers(file: string): string[] {
    const text = readFileSync(path.join(root, file), 'utf8');
    const found = new Set<string>();
    for (const match of text.matchAll(
      /(?:^|\n)\s*(import|export)\b(\s+type\b)?[^;'"]*?from\s*['"]([^'"]+)['"]/g,
    ))
      if (!match[2]) found.add(match[3]!);
    for (const match of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) found.add(match[1]!);
    for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(match[1]!);
    return [...found];
  }
  const isClientEntry = (file: string) =>
    /\.tsx?$/.test(file) &&
    /^\s*(\/\/[^\n]*\n\s*)*['"]use client['"]/.test(readFileSync(path.join(root, file), 'utf8'));
  it('browser code calls the API through lib/api/routes, never by importing the declarations (their zod schemas)', () => {
    const offenders = new Set<string>();
    for (const start of files.filter((file) => !isTest(file) && isClientEntry(file))) {
      const seen = new Set<string>();
      const queue: string[][] = [[start]];
      while (queue.length > 0) {
        const via = queue.shift()!;
        const file = via.at(-1)!;
        if (seen.has(file)) continue;
        seen.add(file);
        for (const specifier of valueSpecifiers(file)) {
          const local = resolveLocal(file, specifier);
          if (!local) continue;
          if (local.startsWith('lib/api/operations/')) offenders.add([...via, local].join(' → '));
          else queue.push([...via, local]);
        }
      }
    }
    expect([...offenders]).toEqual([]);
    // The walk sees a value import when there is one.
    expect(valueSpecifiers('lib/api/routes.test.ts')).toContain('@/lib/api/operations');
    expect(valueSpecifiers('lib/api/routes.ts')).toEqual([]);
  });

  it('the wire schemas name their enums from lib/enums, never from db/schema', () => {
    const offenders = files
      .filter((file) => file.startsWith('lib/schemas/'))
      .flatMap((file) =>
        importsOf(file)
          .filter(({ local }) => local?.startsWith('db/'))
          .map(({ specifier }) => `${file} → ${specifier}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the check itself sees imports (it would catch a violation)', () => {
    expect(importsOf('lib/http/handle.ts').some(({ local }) => local === 'lib/api/operation.ts')).toBe(true);
    expect(importsOf('db/schema/users.ts').some(({ local }) => local === 'lib/enums/users.ts')).toBe(true);
  });
});

describe('roles are derived from the operations, never restated by a page', () => {
  /** A role compared by hand: `hasRole(…)`, `roleAtLeast(…)`, `role === 'admin'`, `isAdmin`. */
  const RESTATED = [
    /\bhasRole\s*\(/,
    /\broleAtLeast\s*\(/,
    /\brole\s*[!=]==?\s*['"](admin|approver|member)['"]/,
    /['"](admin|approver|member)['"]\s*[!=]==?\s*[\w.?]*\brole\b/,
    /\bisAdmin\b/,
  ];

  function restatements(text: string): string[] {
    return text.split('\n').filter((line) => RESTATED.some((pattern) => pattern.test(line)));
  }

  it('pages and components ask useCan(route) / roleMayCall(role, route) instead', () => {
    const offenders = files
      .filter((file) => /^(app|components)\//.test(file) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        restatements(readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the check itself finds a restated role', () => {
    expect(restatements("const approver = hasRole(role, 'approver');")).toHaveLength(1);
    expect(restatements("{user?.organization?.role === 'admin' ? (")).toHaveLength(1);
    expect(restatements('const cancellable = useCan(cancelOrderOperation);')).toEqual([]);
  });
});
