// Owns the unit and integration test runs: `unit` (no database: `npm run test:unit` starts no PostgreSQL) and
// `integration` (test/api/ and `*.integration.test.ts` beside the code: one PostgreSQL cluster per run, each file on
// its own clone of a migrated template), each with an `-own-modules` twin for the files that must not share their
// worker's modules. Vitest runs a project's global setup only when one of its files is queued, so
// `npx vitest run lib/platform/money` starts no database either.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

// Integration tests say so by their place: under test/api/, or named `*.integration.test.ts`.
const INTEGRATION = ['test/api/**/*.test.ts', '**/*.integration.test.ts'];
// test/server needs the production build: vitest.server.config.ts runs it after `next build`.
const NEVER = ['e2e/**', 'test/server/**', '**/node_modules/**', '.next/**', '.data/**', '.test-data/**'];
/**
 * Integration files that get a fresh copy of the app's modules: they run the background worker in this process (its
 * runners, drain pool and heartbeat are process-wide), or count work held by the process (heavy-work slots, the
 * worker's queue), so a file before them in a shared worker could change what they see.
 */
const OWN_MODULES = [
  'test/api/webhooks.test.ts',
  'test/api/webhook-drain-takeover.test.ts',
  'test/api/webhook-send-limits.test.ts',
  'test/api/payouts-lifecycle.test.ts',
  'test/api/sandbox-clock.test.ts',
  'test/api/senders.test.ts',
  'test/api/tenant-limits.test.ts',
  'test/api/liquidity.test.ts',
  'lib/platform/jobs/heartbeat.integration.test.ts',
  'lib/platform/jobs/enqueue.integration.test.ts',
  'lib/platform/jobs/runner.integration.test.ts',
];
/**
 * Unit files that replace a module or a global (vi.mock, vi.stubGlobal, spies, fake timers): each gets its own copy of
 * the modules, since a replacement cannot be undone in modules other files share. test/mocking-units.test.ts fails
 * when a unit file that mocks is missing here.
 */
export const MOCKING_UNITS = [
  'lib/platform/adapters/adapters.test.ts',
  'lib/platform/adapters/custody/manual.test.ts',
  'lib/platform/browser/api.test.ts',
  'lib/platform/http/file-response.test.ts',
  'lib/platform/http/handle.test.ts',
  'lib/platform/http/pipeline/authenticate.test.ts',
  'lib/platform/http/pipeline/observe.test.ts',
  'lib/platform/http/pipeline/record-read.test.ts',
  'lib/platform/http/pipeline/refuse-credentials.test.ts',
  'lib/platform/http/pipeline/respond-error.test.ts',
  'lib/platform/http/pipeline/verify-body-hash.test.ts',
  'lib/platform/log-redaction.test.ts',
  'scripts/front.test.ts',
];
/** Both integration projects: one PostgreSQL cluster per run, each file on its own clone of a migrated template. */
const INTEGRATION_SETTINGS: {
  environment: 'node';
  globalSetup: string[];
  setupFiles: string[];
  testTimeout: number;
  hookTimeout: number;
} = {
  environment: 'node',
  globalSetup: ['test/global-setup.ts'],
  // Test users' passwords at a test-only scrypt cost; the production cost has its own tests.
  setupFiles: [
    'test/setup/register-app.ts',
    'test/setup/test-password-cost.ts',
    'test/setup/fresh-file-state.ts',
  ],
  // Each file has its own cloned database and a pool of DB_POOL_MAX=5.
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  resolve: {
    // `@/x` → repo root, as in tsconfig paths; a regex so scoped packages (`@scope/pkg`) are left alone.
    alias: [{ find: /^@\//, replacement: `${root}${path.sep}` }],
  },
  test: {
    // Two cores: two test files at a time across both projects.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['**/*.test.ts'],
          exclude: [...NEVER, ...INTEGRATION, ...MOCKING_UNITS],
          testTimeout: 30_000,
          // As in integration: a worker's files share its modules (importing them again per file was 116 of the
          // project's 215 worker-seconds), and test/setup/fresh-file-state.ts puts the environment and the clock back.
          isolate: false,
          setupFiles: ['test/setup/fresh-file-state.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-own-modules',
          environment: 'node',
          include: MOCKING_UNITS,
          exclude: NEVER,
          testTimeout: 30_000,
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          exclude: [...NEVER, ...OWN_MODULES],
          ...INTEGRATION_SETTINGS,
          // The files of a worker share its modules: the app is imported once per worker, not once per file (each file
          // importing it again was most of the run's time). What a file could leave behind in process-wide state (the
          // environment, the clock) is put back before the next (test/setup/fresh-file-state.ts); `vi.mock` cannot
          // work in shared modules, so these files mock nothing.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-own-modules',
          include: OWN_MODULES,
          exclude: NEVER,
          ...INTEGRATION_SETTINGS,
          isolate: true,
        },
      },
    ],
  },
});
