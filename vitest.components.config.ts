// Owns the component tests: `*.test.tsx` under components/, rendered with Testing Library in happy-dom. No database
// and no server: each test mocks the requests its component makes.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: [{ find: /^@\//, replacement: `${root}${path.sep}` }],
  },
  test: {
    environment: 'happy-dom',
    include: ['components/**/*.test.tsx'],
    setupFiles: ['test/components/setup.ts'],
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
