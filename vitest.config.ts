// Owns the unit and integration test runs, as two projects: `unit` (no database: `npm run test:unit` starts no
// PostgreSQL) and `integration` (test/api/ and `*.integration.test.ts` beside the code: one PostgreSQL cluster per
// run, each file on its own clone of a migrated template). Vitest runs a project's global setup only when one of its
// files is queued, so `npx vitest run lib/platform/money` starts no database either.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

// Integration tests say so by their place: under test/api/, or named `*.integration.test.ts`.
const INTEGRATION = ['test/api/**/*.test.ts', '**/*.integration.test.ts'];
// test/server needs the production build: vitest.server.config.ts runs it after `next build`.
const NEVER = ['e2e/**', 'test/server/**', '**/node_modules/**', '.next/**', '.data/**', '.test-data/**'];

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
          exclude: [...NEVER, ...INTEGRATION],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: INTEGRATION,
          exclude: NEVER,
          globalSetup: ['test/global-setup.ts'],
          // Test users' passwords at a test-only scrypt cost; the production cost has its own tests.
          setupFiles: ['test/setup/register-app.ts', 'test/setup/test-password-cost.ts'],
          // Each file has its own cloned database and a pool of DB_POOL_MAX=5.
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
