// Unit tests of password hashing: format, salting, verification and refusal of malformed hashes.
import { describe, expect, it, onTestFinished } from 'vitest';
import { hashPassword, needsRehash, setPasswordHashParamsForTests, verifyPassword } from './password-hash';

/** For the tests about salting and spelling, not cost: OWASP's cost takes seconds a hash on a loaded machine. */
function atTestCost() {
  setPasswordHashParamsForTests({ N: 2 ** 10, r: 8, p: 1 });
  onTestFinished(() => setPasswordHashParamsForTests(null));
}

describe('passwords', () => {
  // OWASP's parameters, as production hashes: test runs of other files may lower them (test/setup/test-password-cost.ts).
  it('hashes into scrypt$N$r$p$salt$hash and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('salts every hash', async () => {
    atTestCost();
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('verifies hashes made with other parameters and flags them for rehash', async () => {
    // A hash of "pw" at N = 1024, as an older, cheaper setting would have stored it.
    const hash = await hashPassword('pw');
    const [, , , , salt] = hash.split('$');
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('pw', Buffer.from(salt!, 'base64url'), 32, { N: 1024, r: 8, p: 1 });
    const weak = `scrypt$1024$8$1$${salt}$${key.toString('base64url')}`;
    expect(await verifyPassword('pw', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
  });

  it('treats malformed or hostile stored values as a mismatch instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$10$x$y$z$w',
      'scrypt$1000$8$1$c2FsdA$aGFzaA',
      'scrypt$4194304$8$1$c2FsdA$aGFzaA',
      'scrypt$1024$99$1$c2FsdA$aGFzaA',
      'scrypt$1024$8$1$$aGFzaA',
    ]) {
      expect(await verifyPassword('pw', stored)).toBe(false);
    }
  });

  it('treats Unicode-equivalent spellings of a password as the same password', async () => {
    atTestCost();
    const hash = await hashPassword('caf\u00e9');
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
  });
});
