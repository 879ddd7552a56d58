// The import directions of DESIGN's layers (formerly walked by test/architecture.test.ts and
// lib/adapters/import-direction.test.ts). Run by scripts/test.sh: npx depcruise --config .dependency-cruiser.cjs app components db lib scripts bench test e2e
const { builtinModules } = require('node:module');

const TESTS = '(\\.test\\.tsx?$|^test/|^e2e/)';
const BROWSER_SAFE = '^lib/(api|schemas|enums|pagination|errors|money|browser)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'transport-at-the-edge',
      comment:
        'Only the transport imports lib/http: route files, server start-up, the page proxy, the OpenAPI description and the docs pages.',
      severity: 'error',
      from: {
        pathNot: [
          TESTS,
          '^proxy\\.ts$',
          '^instrumentation\\.ts$',
          // The front server's request hook: transport, not domain (a .mjs file the old test did not read).
          '^scripts/front\\.mjs$',
          '^(lib/http|app|lib/openapi|components/docs|bench)/',
        ],
      },
      to: { path: '^lib/http/' },
    },
    {
      name: 'http-statuses-at-the-edge',
      comment:
        "The domain names error kinds and codes (lib/errors); only the transport, the OpenAPI description and the docs read the kind → HTTP status table (lib/http/error-status.ts). test/architecture.test.ts checks that the error carries no status.",
      severity: 'error',
      from: { pathNot: [TESTS, '^(lib/http|lib/openapi|app|components/docs)/'] },
      to: { path: '^lib/http/error-status\\.ts$' },
    },
    {
      name: 'domain-never-imports-next',
      comment: 'Domain code under lib/ never imports next/*.',
      severity: 'error',
      from: { path: '^lib/', pathNot: [TESTS, '^lib/(http|browser)/'] },
      to: { path: '(^|/)node_modules/next/' },
    },
    {
      name: 'browser-safe-stays-browser-safe',
      comment:
        'Browser-safe modules (declarations, wire schemas, enums, pagination, errors, money, the typed fetch) reach neither drizzle, db/, lib/http nor any other server code, even indirectly.',
      severity: 'error',
      from: { path: BROWSER_SAFE, pathNot: TESTS },
      to: {
        reachable: true,
        path: [
          '^db/',
          '^lib/(http|auth)/',
          '^lib/(env|log)\\.ts$',
          '^scripts/',
          '(^|/)node_modules/(drizzle-orm|drizzle-kit|postgres|pg|graphile-worker|next-auth)/',
          // node's built-ins
          `^(node:)?(${builtinModules.join('|')})$`,
        ],
      },
    },
    {
      name: 'wire-schemas-name-enums-from-lib-enums',
      comment: 'The wire schemas name their enums from lib/enums, never from db/schema.',
      severity: 'error',
      from: { path: '^lib/schemas/' },
      to: { path: '^db/' },
    },
    {
      name: 'adapters-through-their-interface',
      comment:
        "Nothing outside lib/adapters imports an adapter implementation: only an adapter's folder (index), its types, the registry and lib/adapters/*.ts.",
      severity: 'error',
      from: { pathNot: '^lib/adapters/' },
      to: { path: '^lib/adapters/[^/]+/', pathNot: '^lib/adapters/[^/]+/(index|types)\\.ts$' },
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
