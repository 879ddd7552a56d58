// What the layer rules in .dependency-cruiser.cjs cannot say: browser code never imports the operation declarations,
// pages never restate a role, and HTTP statuses stay at the edge.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, ERROR_KINDS, type ErrorKind } from '@/lib/platform/errors/api-error';
import { REPOSITORY_ROOT, repositorySources } from './source-files';

const root = REPOSITORY_ROOT;
const files = repositorySources();

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

/** The operation declarations: an area's lib/<area>/contract/*operations.ts, and the API's own (lib/app/meta). */
const isDeclarations = (file: string) =>
  file === 'lib/app/meta/operations.ts' || /^lib\/[^/]+\/contract\/(.+-)?operations\.ts$/.test(file);

const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.startsWith('test/') || file.startsWith('e2e/');
// The other import directions (transport at the edge, no next/* in the domain, browser-safe modules, wire schemas
// and enums, adapters behind their interface) are dependency-cruiser rules: .dependency-cruiser.cjs, run by npm test.

// This one needs to know which files are client entries ("use client"), so it stays a walk.
describe('import directions', () => {
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
  it("browser code calls the API through its area's contract/routes.ts, never by importing the declarations (their zod schemas)", () => {
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
          if (isDeclarations(local)) offenders.add([...via, local].join(' → '));
          else queue.push([...via, local]);
        }
      }
    }
    expect([...offenders]).toEqual([]);
    // The walk sees a value import when there is one.
    expect(valueSpecifiers('test/browser-routes.test.ts')).toContain('@/lib/app/operations');
    expect(valueSpecifiers('lib/payouts/contract/routes.ts')).toEqual([]);
    // An area's declarations count as declarations.
    expect(isDeclarations('lib/liquidity/contract/operations.ts')).toBe(true);
    expect(isDeclarations('lib/liquidity/contract/support-operations.ts')).toBe(true);
    expect(isDeclarations('lib/liquidity/contract/schemas.ts')).toBe(false);
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

describe('HTTP statuses live at the edge', () => {
  /** The transport and the integrator's HTTP clients think in statuses; everything else under lib/ names kinds. */
  const EDGE = /^lib\/(app\/openapi\/|platform\/(http|operations|client|browser)\/)/;
  /** The operation declarations name their answers' statuses too, wherever their area keeps them. */
  const onTheEdge = (file: string) => EDGE.test(file) || isDeclarations(file);
  /** Modules that judge a real HTTP answer, not an error of ours: the request span, the integrator's webhook reply. */
  const READS_AN_HTTP_ANSWER = new Set([
    'lib/platform/tracing/start-tracing.ts',
    'lib/platform/webhook-delivery/deliver.ts',
  ]);
  const STATUS_NUMBER = /\b[sS]tatus(Code)?\b\s*(:|[!=]==?|[<>]=?)\s*[1-5]\d\d\b/;

  const statusLines = (text: string) => text.split('\n').filter((line) => STATUS_NUMBER.test(line));

  it('the domain error names a kind and a code, and carries no HTTP status or headers', () => {
    for (const kind of Object.keys(ERROR_KINDS) as ErrorKind[]) {
      const error = new ApiError(kind);
      for (const key of ['status', 'statusCode', 'headers'])
        expect(Object.keys(error), kind).not.toContain(key);
      expect(Object.keys(ERROR_KINDS[kind]), kind).toEqual(['code', 'message']);
    }
    expectTypeOf<ApiError>().not.toHaveProperty('status');
    expectTypeOf<ApiError>().not.toHaveProperty('headers');
  });

  it('domain modules under lib/ set or compare no status number', () => {
    const offenders = files
      .filter((file) => file.startsWith('lib/') && !onTheEdge(file) && !isTest(file))
      .filter((file) => !READS_AN_HTTP_ANSWER.has(file))
      .flatMap((file) =>
        statusLines(readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the check itself finds a status in a domain module', () => {
    expect(statusLines("throw Object.assign(new Error('x'), { status: 409 });")).toHaveLength(1);
    expect(statusLines('if (error.status === 404) return null;')).toHaveLength(1);
    expect(statusLines("throw new ApiError('conflict', 'already final');")).toEqual([]);
    expect(statusLines("if (row.status === 'FAILED') return;")).toEqual([]);
  });
});

describe('integration files that share their worker’s modules', () => {
  // vitest.config.ts runs them with `isolate: false`: a module mock would be seen by the files after it, or not at all.
  it('mock no module', () => {
    const integration = files.filter(
      (file) =>
        !file.startsWith('e2e/') &&
        !file.startsWith('test/server/') &&
        ((file.startsWith('test/api/') && file.endsWith('.test.ts')) ||
          file.endsWith('.integration.test.ts')),
    );
    expect(integration.length).toBeGreaterThan(50);
    const mocking = integration.filter((file) =>
      /\bvi\.(mock|doMock|unmock)\(/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(mocking).toEqual([]);
  });
});
