// Owns the tests that need the production build (`npm test` runs them after `next build`): real servers — plain
// `next start` and `npm start`'s front — spoken to over raw sockets, so nothing normalises what a client sends.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: [{ find: /^@\//, replacement: `${root}${path.sep}` }],
  },
  test: {
    environment: 'node',
    include: ['test/server/**/*.test.ts'],
    // The unit run's cluster and migrated template; each file clones its own database and starts its servers on it.
    globalSetup: ['test/global-setup.ts'],
    // Users made in the test process get a test-only scrypt cost; the servers it starts hash at production cost.
    setupFiles: ['test/setup/register-app.ts', 'test/setup/test-password-cost.ts'],
    // Each file starts two production servers: one file at a time on two cores.
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
