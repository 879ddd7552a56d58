// The demo seed in a sandbox whose server runs the production adapters (manual custody and rates, staff review, SMTP,
// the operations desk), as `npm start` runs it: it completes with the sandbox's simulations, and emails nobody.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { db } from '@/db/client';
import { deposits } from '@/db/schema/funding';
import { organizations } from '@/db/schema/identity/organizations';
import { emailOutbox } from '@/db/schema/platform/email-outbox';
import { useTestDatabase } from '../db';
import { refusedPort } from '../support/smtp-server';

await useTestDatabase();

const repo = process.cwd();

function seed(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(repo, 'node_modules', '.bin', 'tsx'),
      ['--tsconfig', path.join(repo, 'tsconfig.json'), path.join(repo, 'scripts', 'seed.ts')],
      { env: { ...process.env, ...env }, cwd: repo, timeout: 170_000 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

it('seeds the demo with the sandbox simulations while the server is set to the production adapters', {
  timeout: 180_000,
}, async () => {
  const result = await seed({
    EMAIL_ADAPTER: 'smtp',
    // Nothing listens there: a demo email sent over SMTP would fail the seed.
    SMTP_URL: `smtp://127.0.0.1:${await refusedPort()}`,
    EMAIL_FROM: 'noreply@provider.example',
    KYC_ADAPTER: 'manual',
    RATES_ADAPTER: 'manual',
    CUSTODY_ADAPTER: 'manual',
    PAYOUT_RAIL_ADAPTER: 'operations',
  });
  expect(result.stderr).not.toContain('Seed failed');
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('Demo data created.');
  expect(result.stdout).toContain('operations@provider.example');
  expect(await db().select({ id: organizations.id }).from(organizations)).toHaveLength(2);
  expect((await db().select({ id: deposits.id }).from(deposits)).length).toBeGreaterThan(0);
  // Demo mail stays in the sandbox outbox: none of it waits to go out over SMTP.
  const queued = await db().select({ id: emailOutbox.id, state: emailOutbox.state }).from(emailOutbox);
  expect(queued.filter((row) => row.state === 'queued')).toEqual([]);
});
