// Owns the unit and integration test run: Node environment, the `@` alias, one PostgreSQL cluster per run, 2 workers.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    // `@/x` → repo root, as in tsconfig paths; a regex so scoped packages (`@scope/pkg`) are left alone.
    alias: [{ find: /^@\//, replacement: `${root}${path.sep}` }],
  },
  test: {
    environment: 'node',
    include: ['**/*.test.ts'],
    // test/server needs the production build: vitest.server.config.ts runs it after `next build`.
    exclude: ['e2e/**', 'test/server/**', '**/node_modules/**', '.next/**', '.data/**', '.test-data/**'],
    globalSetup: ['test/global-setup.ts'],
    // Two cores: two test files at a time, each with its own cloned database and a pool of DB_POOL_MAX=5.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
