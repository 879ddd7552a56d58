// Owns what the production-mode walks on the built server share: production's settings, the operator's CLI with
// them, waiting for the server's own worker, and a staff member's first sign-in through her emailed link.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { db } from '@/db/client';
import { wallets } from '@/db/schema/liquidity';
import type { Person } from './person';

const repo = process.cwd();
export const BASE = 'https://payouts.provider.test';
export const PASSWORD = 'a long and honest first-day password';

/** Production's settings, as the provider's deployment has them (secrets random, as `openssl rand` makes them). */
export function productionSettings(
  smtpUrl: string,
  adapters: Record<string, string>,
): Record<string, string> {
  return {
    APP_ENV: 'production',
    APP_BASE_URL: BASE,
    AUTH_SECRET: secrets.AUTH_SECRET,
    ENCRYPTION_KEY: secrets.ENCRYPTION_KEY,
    EMAIL_ADAPTER: 'smtp',
    SMTP_URL: smtpUrl,
    EMAIL_FROM: 'Payouts <payouts@provider.test>',
    KYC_ADAPTER: 'manual',
    CUSTODY_ADAPTER: 'manual',
    PAYOUT_RAIL_ADAPTER: 'operations',
    // One process on two shared cores: the app runs its worker (emails, reviews, funding, the feed's poll).
    WORKER_IN_PROCESS: 'true',
    ...adapters,
  };
}
const secrets = {
  AUTH_SECRET: randomBytes(32).toString('base64'),
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

/** Runs `npm run cli -- …` as the provider's operator would, with the production settings in her shell. */
export function runCli(
  settings: Record<string, string>,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(repo, 'node_modules', '.bin', 'tsx'),
      ['--tsconfig', path.join(repo, 'tsconfig.json'), path.join(repo, 'scripts', 'cli.ts'), ...args],
      { env: { ...process.env, ...settings }, cwd: repo, timeout: 90_000 },
      (error, stdout, stderr) => {
        resolve({ code: error && typeof error.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/** Polls `read` until `done` holds (the server's worker acts on its own time), or fails naming what it saw. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The token of a set-password (or reset) link: it must point at the public https address. */
export function tokenOf(link: string | undefined): string {
  expect(link).toMatch(new RegExp(`^${BASE.replaceAll('.', '\\.')}/`));
  return new URL(link!).searchParams.get('token')!;
}

/** Follows a set-password link as its holder does, then signs in with the password she chose. */
export async function choosePasswordAndSignIn(
  who: Person,
  email: string,
  link: string | undefined,
): Promise<void> {
  const done = await who.call('POST', '/api/auth/password-reset/complete', {
    token: tokenOf(link),
    password: PASSWORD,
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(await who.signIn(email, PASSWORD)).toBe(true);
}

/** Adds an address-book wallet on the chain with `chainCode` as `who`; answers its id. */
export async function addWallet(
  who: Person,
  chainCode: string,
  address: string,
  label: string,
): Promise<string> {
  const chains = await who.call<{ items: { id: string; code: string }[] }>(
    'GET',
    '/api/v2/liquidity/management/chains',
  );
  const chain = chains.body.items.find((candidate) => candidate.code === chainCode)!;
  const wallet = await who.call<{ id: string }>('POST', '/api/v2/liquidity/management/wallets', {
    chain_id: chain.id,
    address,
    label,
  });
  expect(wallet.status, JSON.stringify(wallet.body)).toBe(201);
  return wallet.body.id;
}

/**
 * Production's 24-hour cooling-off of a new address holds, and time cannot move in production: the walk's one write
 * to the database makes the wallet one added yesterday.
 */
export async function walletAddedYesterday(walletId: string): Promise<void> {
  await db()
    .update(wallets)
    .set({ createdAt: sql`now() - interval '25 hours'`, usableFrom: sql`now() - interval '1 hour'` })
    .where(eq(wallets.id, walletId));
}
