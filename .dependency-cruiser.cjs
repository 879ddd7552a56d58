// The import directions of DESIGN's layers (formerly walked by test/architecture.test.ts and
// lib/platform/adapters/import-direction.test.ts). Run by scripts/test.sh: npx depcruise --config .dependency-cruiser.cjs app components db lib scripts bench test e2e
const { builtinModules } = require('node:module');

const TESTS = '(\\.test\\.tsx?$|^test/|^e2e/)';
const BROWSER_SAFE = '^lib/platform/(operations|errors|money|browser|schemas)/|^lib/platform/pagination/index\\.ts$';
/** What browser-safe code never reaches: the database, the request pipeline, server-only packages, Node's built-ins. */
const SERVER_CODE = [
  '^db/',
  '^lib/platform/http/',
  '^lib/auth/',
  '^lib/platform/(env|log)\\.ts$',
  '^scripts/',
  '(^|/)node_modules/(drizzle-orm|drizzle-kit|postgres|pg|graphile-worker)/',
  // next-auth's server side; its browser client (next-auth/react) is what sign-in forms use.
  '(^|/)node_modules/next-auth/(?!react/)',
  // node's built-ins
  `^(node:)?(${builtinModules.join('|')})$`,
];
// An area with its own home (issue #39, "One home per area"; liquidity first): lib/<area>/contract/ (browser-safe:
// operations, wire schemas, enums, events, form schemas) and lib/<area>/server/ (its API: server/index.ts). The rules
// below match any such folder, so an area that moves gets them without an edit here.
const AREA_SERVER = '^lib/[^/]+/server/';
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
        "Components talk to the server over /api/v2 (react-query, the typed fetch): no component reaches an area's server/, not even its index, even indirectly.",
      severity: 'error',
      from: { path: '^components/', pathNot: TESTS },
      to: { reachable: true, path: AREA_SERVER },
    },
    {
      name: 'components-stay-browser-safe',
      comment:
        'Components use contracts, platform\'s browser-safe helpers and components/ui: they reach no db/, no request pipeline, no server package and no Node built-in, even indirectly Except components/docs: server components of the API docs pages, which render the error envelopes and a webhook signature the way the server makes them and never ship to the browser.',
      severity: 'error',
      from: { path: '^components/', pathNot: [TESTS, '^components/docs/'] },
      to: { reachable: true, path: SERVER_CODE },
    },
    {
      name: 'platform-imports-no-area',
      comment:
        "lib/platform/ is the machinery every area stands on: it imports no area and not the composition root (type-only imports count). What it needs of them lib/app/ hands over: the pipeline's hooks, the registries of events, tasks and sweeps.",
      severity: 'error',
      from: { path: '^lib/platform/', pathNot: TESTS },
      to: { path: '^lib/(?!platform/)[^/]+/' },
    },
    {
      name: 'only-entries-import-the-composition-root',
      comment:
        'lib/app/ imports every area, so only what starts the program imports it: route files and pages (app/), instrumentation.ts, scripts/, bench/ and tests. No area, platform module, component or table does.',
      severity: 'error',
      from: { path: '^(lib/(?!app/)|components/|db/)', pathNot: TESTS },
      to: { path: '^lib/app/' },
    },
    {
      name: 'area-server-stays-below-the-router',
      comment:
        "An area's server imports platform, db/, contracts and other areas' server indexes: never a page, a route file, a component or a script.",
      severity: 'error',
      from: { path: '^lib/[^/]+/server/', pathNot: TESTS },
      to: { path: '^(app|components|scripts)/' },
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
      name: 'no-import-cycles',
      comment:
        "No import cycle anywhere, type-only imports included: between areas (one calls the other's index, never both ways — what goes back is a hook the composition root registers), inside an area (its files import each other directly, never through server/index.ts) and through platform.",
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'adapters-through-their-interface',
      comment:
        "Nothing outside lib/platform/adapters imports an adapter implementation: only an adapter's folder (index), its types, the registry and lib/platform/adapters/*.ts — and the composition root's list of implementations (lib/app/adapters.ts).",
      severity: 'error',
      from: { pathNot: ['^lib/platform/adapters/', '^lib/app/adapters\\.ts$'] },
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
