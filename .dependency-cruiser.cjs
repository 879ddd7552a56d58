// The import directions of DESIGN's layers (formerly walked by test/architecture.test.ts and
// lib/platform/adapters/import-direction.test.ts). Run by scripts/test.sh: npx depcruise --config .dependency-cruiser.cjs app components db lib scripts bench test e2e
const { existsSync, readdirSync } = require('node:fs');
const { builtinModules } = require('node:module');
const path = require('node:path');

const TESTS = '(\\.test\\.tsx?$|^test/|^e2e/)';
const BROWSER_SAFE = '^lib/platform/(operations|errors|money|browser|schemas)/|^lib/platform/pagination/index\\.ts$';
/** What browser-safe code never reaches: the database, the request pipeline, server-only packages, Node's built-ins. */
const SERVER_CODE = [
  '^db/',
  '^lib/platform/http/',
  '^lib/auth/',
  '^lib/platform/(env|log)\\.ts$',
  '^scripts/',
  '(^|/)node_modules/(drizzle-orm|drizzle-kit|postgres|pg|graphile-worker|next-auth)/',
  // node's built-ins
  `^(node:)?(${builtinModules.join('|')})$`,
];
// An area with its own home (issue #39, "One home per area"; liquidity first): lib/<area>/contract/ (browser-safe:
// operations, wire schemas, enums, events, form schemas) and lib/<area>/server/ (its API: server/index.ts). The rules
// below match any such folder, so an area that moves gets them without an edit here.
const AREA_SERVER = '^lib/[^/]+/server/';
/** The areas with a home today (a lib/<area>/contract/ folder): their components/<area>/ are held to the contract's rule. */
const AREAS_WITH_A_HOME = readdirSync(path.join(__dirname, 'lib'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(__dirname, 'lib', entry.name, 'contract')))
  .map((entry) => entry.name);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'transport-at-the-edge',
      comment:
        'Only the transport imports lib/platform/http: route files, server start-up, the page proxy, the OpenAPI description and the docs pages.',
      severity: 'error',
      from: {
        pathNot: [
          TESTS,
          '^proxy\\.ts$',
          '^instrumentation\\.ts$',
          // The front server's request hook: transport, not domain (a .mjs file the old test did not read).
          '^scripts/front\\.mjs$',
          '^(lib/platform/http|app|lib/app|components/docs|bench)/',
        ],
      },
      to: { path: '^lib/platform/http/' },
    },
    {
      name: 'http-statuses-at-the-edge',
      comment:
        "The domain names error kinds and codes (lib/platform/errors); only the transport, the OpenAPI description and the docs read the kind → HTTP status table (lib/platform/http/error-status.ts). test/architecture.test.ts checks that the error carries no status.",
      severity: 'error',
      from: { pathNot: [TESTS, '^(lib/platform/http|lib/app/openapi|app|components/docs)/'] },
      to: { path: '^lib/platform/http/error-status\\.ts$' },
    },
    {
      name: 'domain-never-imports-next',
      comment: 'Domain code under lib/ never imports next/*.',
      severity: 'error',
      from: { path: '^lib/', pathNot: [TESTS, '^lib/platform/(http|browser)/'] },
      to: { path: '(^|/)node_modules/next/' },
    },
    {
      name: 'browser-safe-stays-browser-safe',
      comment:
        'Browser-safe modules (declarations, wire schemas, enums, pagination, errors, money, the typed fetch) reach neither drizzle, db/, lib/platform/http nor any other server code, even indirectly.',
      severity: 'error',
      from: { path: BROWSER_SAFE, pathNot: TESTS },
      to: { reachable: true, path: SERVER_CODE },
    },
    {
      name: 'wire-schemas-name-enums-from-lib-enums',
      comment: 'The wire schemas name their enums from lib/enums, never from db/schema.',
      severity: 'error',
      from: { path: '^lib/schemas/' },
      to: { path: '^db/' },
    },
    {
      name: 'area-contract-stays-browser-safe',
      comment:
        "An area's contract (lib/<area>/contract/) is loaded by pages: it reaches no area's server/, no db/, no request pipeline and no Node built-in, even indirectly. Other areas' contracts are fine.",
      severity: 'error',
      from: { path: '^lib/[^/]+/contract/', pathNot: TESTS },
      to: { reachable: true, path: [AREA_SERVER, ...SERVER_CODE] },
    },
    {
      name: 'components-never-reach-an-area-server',
      comment:
        "Components talk to the server over /api/v2 (react-query, the typed fetch): no component reaches an area's server/, not even its index, even indirectly. Except components/docs: server-rendered API docs built from the whole OpenAPI document (the composition root's view of every area, like lib/app/openapi), as transport-at-the-edge already allows.",
      severity: 'error',
      from: { path: '^components/', pathNot: [TESTS, '^components/docs/'] },
      to: { reachable: true, path: AREA_SERVER },
    },
    {
      name: 'area-components-stay-browser-safe',
      comment:
        "The components of an area with a home (components/<area>/) reach no db/, no request pipeline and no Node built-in either, even indirectly. (Other components — layout, docs, auth — still do, until their areas move.)",
      severity: 'error',
      from: {
        path: AREAS_WITH_A_HOME.length > 0 ? `^components/(${AREAS_WITH_A_HOME.join('|')})/` : '^$',
        pathNot: TESTS,
      },
      to: { reachable: true, path: SERVER_CODE },
    },
    {
      name: 'another-area-server-only-through-its-index',
      comment:
        "Outside lib/<area>/, an area's server is lib/<area>/server/index.ts: route files, other areas, aggregators, scripts and benchmarks import that, never a deeper server file (tests may). $1 is the importer's own area (lib/<area>) or top folder.",
      severity: 'error',
      from: { path: '^(lib/[^/]+|[^/]+)', pathNot: TESTS },
      to: { path: AREA_SERVER, pathNot: ['^$1/', '^lib/[^/]+/server/index\\.ts$'] },
    },
    {
      name: 'no-cycles-within-an-area',
      comment:
        "An area's files import each other without a cycle (type-only imports count): a cycle made only of lib/<area>/ files. Inside the area, files import each other directly, never through server/index.ts.",
      severity: 'error',
      from: { path: '^lib/([^/]+)/(contract|server)/' },
      to: { circular: true, viaOnly: { path: '^lib/$1/' } },
    },
    {
      name: 'adapters-through-their-interface',
      comment:
        "Nothing outside lib/platform/adapters imports an adapter implementation: only an adapter's folder (index), its types, the registry and lib/platform/adapters/*.ts.",
      severity: 'error',
      from: { pathNot: '^lib/platform/adapters/' },
      to: { path: '^lib/platform/adapters/[^/]+/', pathNot: '^lib/platform/adapters/[^/]+/(index|types)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(\\.next|\\.data|\\.test-data|test-results|playwright-report)/|\\.generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
