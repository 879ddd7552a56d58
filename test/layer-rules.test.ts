// The layer rules of .dependency-cruiser.cjs (issue #39, "One home per area") catch what they are written for:
// each one is run over a small made-up tree with one clean area and violating imports, and names exactly those.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
};

/**
 * A made-up project: `liquidity` and `beta` are areas (lib/<area>/contract, lib/<area>/server) over lib/platform, with
 * lib/app the composition root; each file imports the listed specifiers.
 */
const TREE: Record<string, string[]> = {
  'db/client.ts': [],
  'lib/platform/http/handle.ts': [],
  'lib/platform/reaches-an-area.ts': ['../liquidity/contract/enums'],
  'lib/platform/reaches-app.ts': ['../app/task-list'],
  'lib/app/task-list.ts': ['../liquidity/server/index', '../platform/http/handle'],
  'lib/beta/server/reaches-app.ts': ['../../app/task-list'],
  'lib/beta/server/reaches-a-component.ts': ['../../../components/liquidity/view'],
  'lib/beta/server/reaches-a-route.ts': ['../../../app/api/things/route'],
  'app/api/app-route/route.ts': ['../../../lib/app/task-list'],
  'components/layout/reaches-app.tsx': ['../../lib/app/task-list'],
  'db/reaches-app.ts': ['../lib/app/task-list'],
  'test/app.test.ts': ['../lib/app/task-list'],
  'lib/platform/jobs/enqueue.ts': ['../../liquidity/server/uses-jobs'],
  'lib/liquidity/contract/enums.ts': [],
  'lib/liquidity/contract/schemas.ts': ['./enums', '../../beta/contract/enums'],
  'lib/liquidity/server/index.ts': ['./deep', './cycle-a', './uses-jobs'],
  'lib/liquidity/server/deep.ts': ['../contract/schemas', '../../../db/client'],
  'lib/liquidity/server/cycle-a.ts': ['./cycle-b'],
  'lib/liquidity/server/cycle-b.ts': ['./cycle-a'],
  // A cycle through platform is a cycle too.
  'lib/liquidity/server/uses-jobs.ts': ['../../platform/jobs/enqueue'],
  'lib/beta/contract/enums.ts': [],
  'lib/beta/contract/reaches-server.ts': ['./via'],
  'lib/beta/contract/via.ts': ['../../liquidity/server/index'],
  'lib/beta/contract/reaches-db.ts': ['../../../db/client'],
  'lib/beta/contract/reaches-pipeline.ts': ['../../platform/http/handle'],
  'lib/beta/contract/reaches-node.ts': ['crypto'],
  'lib/beta/server/index.ts': ['./through-index', './deep-import'],
  // Two areas each calling the other through its index: a cycle between areas.
  'lib/gamma/server/index.ts': ['./calls-delta'],
  'lib/gamma/server/calls-delta.ts': ['../../delta/server/index'],
  'lib/delta/server/index.ts': ['./calls-gamma'],
  'lib/delta/server/calls-gamma.ts': ['../../gamma/server/index'],
  'lib/beta/server/through-index.ts': ['../../liquidity/server/index', '../../liquidity/contract/schemas'],
  'lib/beta/server/deep-import.ts': ['../../liquidity/server/deep'],
  'app/api/things/route.ts': ['../../../lib/liquidity/server/index'],
  'app/api/deep/route.ts': ['../../../lib/liquidity/server/deep'],
  'components/liquidity/view.tsx': ['../../lib/liquidity/contract/schemas'],
  'components/liquidity/reaches-server.tsx': ['../../lib/liquidity/server/index'],
  'components/liquidity/reaches-db.tsx': ['../../db/client'],
  'components/liquidity/reaches-node.tsx': ['node:fs'],
  // Every component is held to the browser-safe rule, not only an area's.
  'components/layout/reaches-db.tsx': ['../../db/client'],
  'components/layout/reaches-server.tsx': ['../../lib/beta/server/index'],
  // The API docs are server components (see the browser-safe rule's comment), but reach no area server either.
  'components/docs/reference.ts': ['../../lib/liquidity/server/index'],
  'components/docs/signs.ts': ['node:crypto'],
  'components/liquidity/view.test.tsx': ['../../lib/liquidity/server/deep'],
  'test/liquidity.test.ts': ['../lib/liquidity/server/deep'],
};

let root: string;
let result: ICruiseResult;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'layer-rules-'));
  for (const [file, imports] of Object.entries(TREE)) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    const lines = imports.map((specifier, index) => `import * as m${index} from '${specifier}';`);
    writeFileSync(
      path.join(root, file),
      `${lines.join('\n')}\nexport const used = [${imports.map((_, i) => `m${i}`)}];\n`,
    );
  }
  const output = await cruise(
    ['app', 'components', 'db', 'lib', 'test'],
    {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      tsPreCompilationDeps: true,
      enhancedResolveOptions: { extensions: ['.ts', '.tsx'] },
    },
    { extensions: ['.ts', '.tsx'] },
  );
  result = output.output as ICruiseResult;
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The violations of one rule: each importing file with what it reaches that the rule forbids. */
function violationsOf(rule: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const violation of result.summary.violations ?? []) {
    if (violation.rule.name !== rule) continue;
    found[violation.from] = [...(found[violation.from] ?? []), violation.to].sort();
  }
  return found;
}

/** The files of each cycle a rule reports, in order, starting from the smallest name. */
function cyclesOf(rule: string): string[][] {
  return (result.summary.violations ?? [])
    .filter((violation) => violation.rule.name === rule)
    .map((violation) => {
      const files = (violation.cycle ?? []).map((step) => step.name);
      const first = files.indexOf([...files].sort()[0]!);
      return [...files.slice(first), ...files.slice(0, first)];
    });
}

const LIQUIDITY_SERVER = ['cycle-a', 'cycle-b', 'deep', 'index', 'uses-jobs'].map(
  (name) => `lib/liquidity/server/${name}.ts`,
);

describe('the area-home layer rules', () => {
  it("area-contract-stays-browser-safe: a contract reaches no area's server, db/, pipeline or Node built-in", () => {
    expect(violationsOf('area-contract-stays-browser-safe')).toEqual({
      // Directly and through another contract file: all of the other area's server, and what it reaches.
      'lib/beta/contract/reaches-server.ts': ['db/client.ts', ...LIQUIDITY_SERVER],
      'lib/beta/contract/via.ts': ['db/client.ts', ...LIQUIDITY_SERVER],
      'lib/beta/contract/reaches-db.ts': ['db/client.ts'],
      'lib/beta/contract/reaches-pipeline.ts': ['lib/platform/http/handle.ts'],
      'lib/beta/contract/reaches-node.ts': ['crypto'],
    });
  });

  it("components-never-reach-an-area-server: a component reaches no area's server, not even its index", () => {
    expect(violationsOf('components-never-reach-an-area-server')).toEqual({
      // The API docs' server components too: their pages hand them the document.
      'components/docs/reference.ts': LIQUIDITY_SERVER,
      // Through the composition root, which imports every area.
      'components/layout/reaches-app.tsx': LIQUIDITY_SERVER,
      'components/layout/reaches-server.tsx': [
        'lib/beta/server/deep-import.ts',
        'lib/beta/server/index.ts',
        'lib/beta/server/through-index.ts',
        ...LIQUIDITY_SERVER,
      ],
      'components/liquidity/reaches-server.tsx': LIQUIDITY_SERVER,
    });
  });

  it('components-stay-browser-safe: no component reaches db/, the pipeline or a built-in (the API docs may sign)', () => {
    expect(violationsOf('components-stay-browser-safe')).toEqual({
      'components/layout/reaches-app.tsx': ['db/client.ts', 'lib/platform/http/handle.ts'],
      'components/layout/reaches-db.tsx': ['db/client.ts'],
      'components/layout/reaches-server.tsx': ['db/client.ts'],
      'components/liquidity/reaches-db.tsx': ['db/client.ts'],
      'components/liquidity/reaches-node.tsx': ['fs'],
      'components/liquidity/reaches-server.tsx': ['db/client.ts'],
    });
  });

  it('platform-imports-no-area: not a contract, not a server, not the composition root', () => {
    expect(violationsOf('platform-imports-no-area')).toEqual({
      'lib/platform/jobs/enqueue.ts': ['lib/liquidity/server/uses-jobs.ts'],
      'lib/platform/reaches-an-area.ts': ['lib/liquidity/contract/enums.ts'],
      'lib/platform/reaches-app.ts': ['lib/app/task-list.ts'],
    });
  });

  it('only-entries-import-the-composition-root: route files and tests may; areas, platform, components, tables not', () => {
    expect(violationsOf('only-entries-import-the-composition-root')).toEqual({
      'components/layout/reaches-app.tsx': ['lib/app/task-list.ts'],
      'db/reaches-app.ts': ['lib/app/task-list.ts'],
      'lib/beta/server/reaches-app.ts': ['lib/app/task-list.ts'],
      'lib/platform/reaches-app.ts': ['lib/app/task-list.ts'],
    });
  });

  it("area-server-stays-below-the-router: an area's server imports no component and no route file", () => {
    expect(violationsOf('area-server-stays-below-the-router')).toEqual({
      'lib/beta/server/reaches-a-component.ts': ['components/liquidity/view.tsx'],
      'lib/beta/server/reaches-a-route.ts': ['app/api/things/route.ts'],
    });
  });

  it('another-area-server-only-through-its-index: outside its area only server/index.ts (tests may go deeper)', () => {
    expect(violationsOf('another-area-server-only-through-its-index')).toEqual({
      'app/api/deep/route.ts': ['lib/liquidity/server/deep.ts'],
      'lib/beta/server/deep-import.ts': ['lib/liquidity/server/deep.ts'],
      'lib/platform/jobs/enqueue.ts': ['lib/liquidity/server/uses-jobs.ts'],
    });
  });

  it('no-import-cycles: within an area, between areas and through platform (type-only imports count)', () => {
    expect(cyclesOf('no-import-cycles').sort()).toEqual([
      [
        'lib/delta/server/calls-gamma.ts',
        'lib/gamma/server/index.ts',
        'lib/gamma/server/calls-delta.ts',
        'lib/delta/server/index.ts',
      ],
      ['lib/liquidity/server/cycle-a.ts', 'lib/liquidity/server/cycle-b.ts'],
      ['lib/liquidity/server/uses-jobs.ts', 'lib/platform/jobs/enqueue.ts'],
    ]);
  });
});
