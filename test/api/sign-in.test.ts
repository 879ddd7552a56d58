// Password sign-in: failures are throttled per account and per client address before scrypt runs, the
// refusal looks like any other, and old hashes are upgraded to today's scrypt cost at sign-in.
import { scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { db } from '@/db/client';
import { users } from '@/db/schema/identity/users';
import {
  DEFAULT_PARAMS,
  setPasswordHashParamsForTests,
  verifyPassword,
} from '@/lib/identity/server/auth/password-hash';
import { signIn } from '@/lib/identity/server/auth/user-sessions';
import { createUser } from '@/lib/identity/server/auth/users';
import { freezeClock, resetClock } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { useTestDatabase } from '../db';
import { TEST_PASSWORD_HASH_PARAMS } from '../setup/test-password-cost';

await useTestDatabase();
// The upgrade test hashes at OWASP's scrypt cost (N = 2^17): seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const PASSWORD = 'correct horse battery staple';
let counter = 0;

async function person(): Promise<string> {
  counter += 1;
  const email = `signin${counter}@example.com`;
  // A cheap hash keeps the test fast; the right password still verifies (and gets upgraded).
  const salt = Buffer.from(`salt-${counter}`);
  const key = scryptSync(PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 });
  await createUser(db(), {
    email,
    name: 'Person',
    passwordHash: `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`,
  });
  return email;
}

function limits(account: number, address: number) {
  // Counting windows are fixed 5-minute slots: hold time still so a slow run cannot cross into a fresh one.
  freezeClock(new Date());
  process.env.SIGN_IN_FAILURES_PER_ACCOUNT = String(account);
  process.env.SIGN_IN_FAILURES_PER_ADDRESS = String(address);
  resetEnvCache();
}

afterEach(() => {
  resetClock();
  delete process.env.SIGN_IN_FAILURES_PER_ACCOUNT;
  delete process.env.SIGN_IN_FAILURES_PER_ADDRESS;
  resetEnvCache();
});

describe('sign-in throttling', () => {
  it('after the account limit, even the right password is refused at once, from any address', async () => {
    limits(3, 1000);
    const email = await person();
    for (let i = 0; i < 3; i += 1) {
      const outcome = await signIn(db(), { email, password: 'guess', clientAddress: `198.51.100.${i}` });
      expect(outcome.refused).toBe('wrong_credentials');
    }
    const locked = await signIn(db(), { email, password: PASSWORD, clientAddress: '203.0.113.9' });
    expect(locked).toEqual({ user: null, refused: 'throttled' });
  });

  it('after the address limit, that address is refused for every account, others are not', async () => {
    limits(1000, 3);
    const victim = await person();
    for (let i = 0; i < 3; i += 1) {
      await signIn(db(), { email: `nobody${i}@example.com`, password: 'guess', clientAddress: '192.0.2.7' });
    }
    expect(
      (await signIn(db(), { email: victim, password: PASSWORD, clientAddress: '192.0.2.7' })).refused,
    ).toBe('throttled');
    expect(
      (await signIn(db(), { email: victim, password: PASSWORD, clientAddress: '192.0.2.8' })).user,
    ).not.toBe(null);
  });

  it('a successful sign-in is not counted as a failure', async () => {
    limits(2, 1000);
    const email = await person();
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(db(), { email, password: PASSWORD, clientAddress: '192.0.2.20' })).user).not.toBe(
        null,
      );
    }
  });

  it('an address value of any length is counted without error (bucket keys are hashed)', async () => {
    const outcome = await signIn(db(), {
      email: 'x@example.com',
      password: 'guess',
      clientAddress: 'a'.repeat(10_000),
    });
    expect(outcome.refused).toBe('wrong_credentials');
  });

  it("upgrades a hash stored with weaker scrypt parameters to today's at sign-in", async () => {
    // At OWASP's cost, not the test run's cheaper one (test/setup/test-password-cost.ts): this is the upgrade users get.
    setPasswordHashParamsForTests(null);
    onTestFinished(() => setPasswordHashParamsForTests(TEST_PASSWORD_HASH_PARAMS));
    const email = await person();
    expect((await signIn(db(), { email, password: PASSWORD, clientAddress: '192.0.2.30' })).user).not.toBe(
      null,
    );
    const [row] = await db().select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash.startsWith(`scrypt$${DEFAULT_PARAMS.N}$8$1$`)).toBe(true);
    expect(DEFAULT_PARAMS.N).toBe(2 ** 17);
    expect(await verifyPassword(PASSWORD, row!.passwordHash)).toBe(true);
  });
});
