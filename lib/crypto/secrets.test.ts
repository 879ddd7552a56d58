// Unit tests of encryption at rest: round trip, tamper detection, and key rotation by key id.
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/env';
import { decryptSecret, encryptSecret } from './secrets';

const key = (fill: string) => Buffer.alloc(32, fill).toString('base64');
const base = { DATABASE_URL: 'postgres://localhost/x', AUTH_SECRET: key('a') };

function useKeys(vars: Record<string, string | undefined>) {
  for (const name of ['ENCRYPTION_KEY', 'ENCRYPTION_KEY_ID', 'ENCRYPTION_KEYS_PREVIOUS'])
    delete process.env[name];
  Object.assign(process.env, base, vars);
  resetEnvCache();
}

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe('encryptSecret / decryptSecret', () => {
  it('round-trips, never stores the plaintext, and differs on every call', () => {
    useKeys({ ENCRYPTION_KEY: key('1'), ENCRYPTION_KEY_ID: 'k1' });
    const first = encryptSecret('shared-secret-value');
    const second = encryptSecret('shared-secret-value');
    expect(first).toMatch(/^v1:k1:/);
    expect(first).not.toContain('shared-secret-value');
    expect(first).not.toBe(second);
    expect(decryptSecret(first)).toBe('shared-secret-value');
  });

  it('refuses a tampered ciphertext', () => {
    useKeys({ ENCRYPTION_KEY: key('1'), ENCRYPTION_KEY_ID: 'k1' });
    const sealed = encryptSecret('shared-secret-value').split(':');
    const body = Buffer.from(sealed[4]!, 'base64');
    body[0] = (body[0] ?? 0) ^ 1;
    sealed[4] = body.toString('base64');
    expect(() => decryptSecret(sealed.join(':'))).toThrow();
  });

  it('after rotation, new secrets use the new key and old ones still decrypt with the previous key', () => {
    useKeys({ ENCRYPTION_KEY: key('1'), ENCRYPTION_KEY_ID: 'k1' });
    const old = encryptSecret('old-secret');
    useKeys({
      ENCRYPTION_KEY: key('2'),
      ENCRYPTION_KEY_ID: 'k2',
      ENCRYPTION_KEYS_PREVIOUS: `k1:${key('1')}`,
    });
    expect(encryptSecret('new-secret')).toMatch(/^v1:k2:/);
    expect(decryptSecret(old)).toBe('old-secret');
    useKeys({ ENCRYPTION_KEY: key('2'), ENCRYPTION_KEY_ID: 'k2' });
    expect(() => decryptSecret(old)).toThrow(
      'Encryption key "k1" is not configured (set ENCRYPTION_KEYS_PREVIOUS)',
    );
  });
});
