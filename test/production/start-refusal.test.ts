// Tests production start-up the way an operator meets it: `npm start` (scripts/start.mjs), the worker and `npm run
// db:migrate` with APP_ENV=production refuse at once, exit 1 and name every problem in one message — the missing
// external database, the http base URL, a weak secret, each sandbox adapter, an adapter's missing settings — without
// printing a secret or starting the embedded database. The same check in-process decides what production needs.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startupProblems } from '@/lib/platform/adapters/registry';

const root = path.resolve(import.meta.dirname, '..', '..');
const TSX = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

const strongKey = () => crypto.randomBytes(32).toString('base64');
/** 32 bytes, so the field's own check passes, but one repeated byte: what a hand-typed "secret" looks like. */
const WEAK_KEY = Buffer.alloc(32, 7).toString('base64');

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // Only what an operator's shell would pass: nothing from the test runner's own environment.
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    // The worker loads the whole task list before its check: allow a loaded two-core machine its time.
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('production start-up refused, every problem named at once', () => {
  const authSecret = strongKey();
  const badEnvironment = {
    APP_ENV: 'production',
    APP_BASE_URL: 'http://pay.example.com',
    AUTH_SECRET: authSecret,
    ENCRYPTION_KEY: WEAK_KEY,
    EMAIL_ADAPTER: 'smtp',
  };

  it.each([
    ['npm start', ['scripts/start.mjs']],
    ['npm run worker', [TSX, 'scripts/worker.ts']],
    ['npm run db:migrate', [TSX, 'scripts/migrate.ts']],
  ])(
    '%s exits 1 naming each problem, with no secret and no embedded database',
    async (_name, args) => {
      const { code, output } = await run(args, badEnvironment);
      expect(code, output).toBe(1);
      expect(output).toContain('APP_ENV=production cannot start');
      for (const named of [
        'DATABASE_URL is missing: production needs an external PostgreSQL',
        'APP_BASE_URL must be an https:// URL in production',
        'ENCRYPTION_KEY is too weak for production',
        'SMTP_URL is missing: required when EMAIL_ADAPTER=smtp',
        'EMAIL_FROM is missing: required when EMAIL_ADAPTER=smtp',
        'CUSTODY_ADAPTER=sandbox: the custody simulation is refused in production',
        'KYC_ADAPTER=sandbox',
        'RATES_ADAPTER=sandbox',
        'PAYOUT_RAIL_ADAPTER=sandbox',
      ]) {
        expect(output).toContain(named);
      }
      // The generic "DATABASE_URL is missing" is replaced by production's wording, not repeated beside it.
      expect(output.match(/DATABASE_URL is missing/g)).toHaveLength(1);
      expect(output).not.toContain(authSecret);
      expect(output).not.toContain(WEAK_KEY);
      // Neither the build, the embedded PostgreSQL nor a migration was started.
      expect(output).not.toMatch(/embedded PostgreSQL|Building the app|migration/i);
    },
    60_000,
  );
});

describe('startupProblems', () => {
  const production = {
    APP_ENV: 'production',
    DATABASE_URL: 'postgres://app:pw@db.internal:5432/payout',
    APP_BASE_URL: 'https://pay.example.com',
    AUTH_SECRET: strongKey(),
    ENCRYPTION_KEY: strongKey(),
  };

  it('with the settings right, leaves only the adapters still on their simulation', () => {
    expect(startupProblems(production)).toEqual([
      expect.stringMatching(/^CUSTODY_ADAPTER=sandbox: /),
      expect.stringMatching(/^KYC_ADAPTER=sandbox: /),
      expect.stringMatching(/^EMAIL_ADAPTER=sandbox: /),
      expect.stringMatching(/^RATES_ADAPTER=sandbox: /),
      expect.stringMatching(/^PAYOUT_RAIL_ADAPTER=sandbox: /),
    ]);
  });

  it('the same settings start a sandbox, whose embedded database and simulations are its point', () => {
    expect(startupProblems({ ...production, APP_ENV: 'sandbox' })).toEqual([]);
    expect(startupProblems({ ...production, APP_ENV: 'sandbox', EMBEDDED_DATABASE: 'true' })).toEqual([]);
  });

  it('refuses the embedded database, one key used twice, and a missing base URL in production', () => {
    const problems = startupProblems({
      ...production,
      EMBEDDED_DATABASE: 'true',
      ENCRYPTION_KEY: production.AUTH_SECRET,
      APP_BASE_URL: '',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'EMBEDDED_DATABASE must not be true in production: use an external PostgreSQL',
        'AUTH_SECRET and ENCRYPTION_KEY must differ: one key must not both sign sessions and encrypt data',
        expect.stringMatching(/^APP_BASE_URL is missing/),
      ]),
    );
    expect(problems.join('\n')).not.toContain(production.AUTH_SECRET);
  });
});
