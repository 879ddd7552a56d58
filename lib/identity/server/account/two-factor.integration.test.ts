// The TOTP second factor against a real database: enrolment needs a right code, a code works once, wrong codes lock
// the factor for a while, recovery codes work once each and are stored only hashed.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { userRecoveryCodes, userTwoFactor } from '@/db/schema/identity/account-security';
import { createUser } from '@/lib/identity/server/auth/users';
import { advanceClock, freezeClock, now, resetClock } from '@/lib/platform/clock';
import { useTestDatabase } from '@/test/db';
import { codeAt } from './totp';
import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  LOCKOUT_MINUTES,
  MAX_FAILED_CODES,
  startTwoFactorEnrolment,
  verifySecondFactor,
} from './two-factor';

await useTestDatabase();
// Codes change every 30 s and a loaded machine can take seconds between two steps: a test that crossed a step boundary between
// enrolling and reusing "the same" code would meet a fresh one. Time moves only where a test moves it.
beforeEach(() => freezeClock(new Date()));
afterEach(resetClock);

let counter = 0;
async function enrolledUser() {
  counter += 1;
  const password = 'correct horse battery staple';
  const user = await createUser(db(), { email: `totp${counter}@example.com`, name: 'T', password });
  const { secret, otpauth_uri } = await startTwoFactorEnrolment(db(), user.id);
  const { recovery_codes } = await confirmTwoFactorEnrolment(db(), {
    userId: user.id,
    code: codeAt(secret, now()),
  });
  return { user, secret, otpauth_uri, recovery_codes, password };
}

describe('two-factor authentication', () => {
  it('turns on only with a right code, then shows ten recovery codes once and stores them hashed', async () => {
    const user = await createUser(db(), {
      email: 'enrol@example.com',
      name: 'E',
      password: 'long enough pw',
    });
    const { secret, otpauth_uri } = await startTwoFactorEnrolment(db(), user.id);
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*enrol%40example\.com\?.*secret=/);
    await expect(confirmTwoFactorEnrolment(db(), { userId: user.id, code: '000000' })).rejects.toMatchObject({
      kind: 'bad_request',
      code: 'invalid_code',
    });
    expect((await getTwoFactorStatus(db(), user.id)).enabled).toBe(false);

    const { recovery_codes } = await confirmTwoFactorEnrolment(db(), {
      userId: user.id,
      code: codeAt(secret, now()),
    });
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    expect(await getTwoFactorStatus(db(), user.id)).toMatchObject({
      enabled: true,
      recovery_codes_remaining: 10,
    });

    const stored = await db().select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    for (const code of recovery_codes) {
      expect(stored.some((row) => row.codeHash.includes(code.replace('-', '')))).toBe(false);
    }
    const [factor] = await db().select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(factor?.secretCiphertext).not.toContain(secret);
  });

  it('accepts a current code once: the same code again is refused', async () => {
    const { user, secret } = await enrolledUser();
    advanceClock(30_000);
    const code = codeAt(secret, now());
    expect(await verifySecondFactor(db(), user.id, code)).toBe('ok');
    expect(await verifySecondFactor(db(), user.id, code)).toBe('invalid');
    advanceClock(30_000);
    expect(await verifySecondFactor(db(), user.id, codeAt(secret, now()))).toBe('ok');
  });

  it(`refuses every code for ${LOCKOUT_MINUTES} minutes after ${MAX_FAILED_CODES} wrong ones`, async () => {
    const { user, secret } = await enrolledUser();
    advanceClock(60_000);
    for (let i = 0; i < MAX_FAILED_CODES; i += 1) {
      expect(await verifySecondFactor(db(), user.id, '123456')).toBe('invalid');
    }
    expect(await verifySecondFactor(db(), user.id, codeAt(secret, now()))).toBe('locked');
    advanceClock(LOCKOUT_MINUTES * 60_000);
    expect(await verifySecondFactor(db(), user.id, codeAt(secret, now()))).toBe('ok');
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const { user, recovery_codes } = await enrolledUser();
    const [first, second] = recovery_codes as [string, string];
    expect(await verifySecondFactor(db(), user.id, first.toUpperCase())).toBe('ok');
    expect(await verifySecondFactor(db(), user.id, first)).toBe('invalid');
    expect(await verifySecondFactor(db(), user.id, second.replace('-', ''))).toBe('ok');
    expect((await getTwoFactorStatus(db(), user.id)).recovery_codes_remaining).toBe(8);
  });

  it('turns off only with the password and a current code, and then no code is asked for or accepted', async () => {
    const { user, secret, password, recovery_codes } = await enrolledUser();
    await expect(
      disableTwoFactor(db(), { userId: user.id, password: 'wrong password' }),
    ).rejects.toMatchObject({
      kind: 'bad_request',
      code: 'wrong_password',
    });
    // The password alone (what a stolen, signed-in session may also know) is not enough.
    await expect(disableTwoFactor(db(), { userId: user.id, password })).rejects.toMatchObject({
      kind: 'bad_request',
      code: 'code_required',
    });
    await expect(disableTwoFactor(db(), { userId: user.id, password, code: '000000' })).rejects.toMatchObject(
      { kind: 'bad_request', code: 'invalid_code' },
    );
    // The code that turned it on was used in this step: it cannot be used again.
    await expect(
      disableTwoFactor(db(), { userId: user.id, password, code: codeAt(secret, now()) }),
    ).rejects.toMatchObject({ kind: 'bad_request', code: 'invalid_code' });
    expect((await getTwoFactorStatus(db(), user.id)).enabled).toBe(true);

    advanceClock(30_000);
    await disableTwoFactor(db(), { userId: user.id, password, code: codeAt(secret, now()) });
    expect(await getTwoFactorStatus(db(), user.id)).toMatchObject({
      enabled: false,
      recovery_codes_remaining: 0,
    });
    expect(await verifySecondFactor(db(), user.id, codeAt(secret, now()))).toBe('invalid');
    expect(await verifySecondFactor(db(), user.id, recovery_codes[0]!)).toBe('invalid');
  });

  it('a recovery code also turns it off (the app is lost)', async () => {
    const { user, password, recovery_codes } = await enrolledUser();
    await disableTwoFactor(db(), { userId: user.id, password, code: recovery_codes[3]! });
    expect((await getTwoFactorStatus(db(), user.id)).enabled).toBe(false);
  });
});
