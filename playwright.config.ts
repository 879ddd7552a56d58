// Owns the browser test run: one worker, Debian's Chromium, against `next start` on a fresh e2e database.
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  // One Next server and two cores: tests run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI only, and the report names every flaky test: the withdrawal-approval toast at 1280 px failed 1 of
  // 3 runs on 2026-11-26 (issue #30 note) — a flake to fix, not to hide; a test that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Playwright cannot download its browsers here; Debian's chromium package is installed by scripts/test.sh.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-background-networking',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // Builds first when .next is stale (npm test has built it already).
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the launcher stop next and then its embedded PostgreSQL; Playwright's default is SIGKILL.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: { E2E_PORT: String(port) },
  },
});
