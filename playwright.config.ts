// Owns the browser test run: one worker, Debian's Chromium, against two `next start` servers on fresh e2e databases —
// the sandbox as shipped (project `chromium`), and the sandbox with the production adapters (project `live`,
// e2e/live/: emails over SMTP to a captured mailbox, staff review, rate sheets, manual custody, the operations desk).
import { defineConfig, devices } from '@playwright/test';
import { LIVE_MAIL_DIR } from './e2e/mail';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const livePort = Number(process.env.E2E_LIVE_PORT ?? 3101);
const liveBaseURL = `http://127.0.0.1:${livePort}`;

const chromium = {
  ...devices['Desktop Chrome'],
  // Playwright cannot download its browsers here: Debian's chromium-headless-shell, installed by scripts/test.sh — the
  // old headless mode Playwright itself uses headless, which took 40 % less CPU than the full browser in the same
  // tests (record 0332). E2E_CHROMIUM=/usr/bin/chromium runs the full browser instead (needed for --headed).
  launchOptions: {
    executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
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
};

// Both servers start side by side from one launcher (Playwright would start two webServer entries one after the
// other), which prints its ready line once both answer their health check.
const servers = {
  command: 'node scripts/e2e-servers.mjs',
  wait: { stdout: /both browser-test servers answer/ },
  env: { E2E_PORT: String(port), E2E_LIVE_PORT: String(livePort), E2E_MAIL_DIR: LIVE_MAIL_DIR },
  reuseExistingServer: false,
  // Builds first when .next is stale (npm test has built it already).
  timeout: 300_000,
  stdout: 'pipe',
  stderr: 'pipe',
  // SIGTERM lets each launcher stop next and then the embedded PostgreSQL; Playwright's default is SIGKILL.
  gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
} as const;

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
    // A trace records a screencast and DOM snapshots at every step: kept for every test it cost a quarter of the
    // browser tests' CPU. With CI set a failed test runs again with one (its retry); locally pass --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: 'live/**', use: chromium },
    // Journeys through the production adapters (#40 §7; #41's desk reuses it): only e2e/live/, on the live server.
    { name: 'live', testMatch: 'live/**/*.spec.ts', use: { ...chromium, baseURL: liveBaseURL } },
  ],
  webServer: servers,
});
