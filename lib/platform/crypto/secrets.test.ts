// Unit tests of encryption at rest: round trip, tamper detection, and key rotation by key id.

import { createCipheriv, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv, resetEnvCache } from '@/lib/platform/env';
import { decryptSecret, encryptSecret } from './secrets';

const CTX = 'api_keys:row-1:shared_secret';
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
    const first = encryptSecret('shared-secret-value', CTX);
    const second = encryptSecret('shared-secret-value', CTX);
    expect(first).toMatch(/^v2:k1:/);
    expect(first).not.toContain('shared-secret-value');
    expect(first).not.toBe(second);
    expect(decryptSecret(first, CTX)).toBe('shared-secret-value');
  });

  it('refuses a tampered ciphertext', () => {
    useKeys({ ENCRYPTION_KEY: key('1'), ENCRYPTION_KEY_ID: 'k1' });
    const sealed = encryptSecret('shared-secret-value', CTX).split(':');
    const body = Buffer.from(sealed[4]!, 'base64');
    body[0] = (body[0] ?? 0) ^ 1;
    sealed[4] = body.toString('base64');
    expect(() => decryptSecret(sealed.join(':'), CTX)).toThrow();
  });

  it('after rotation, new secrets use the new key and old ones still decrypt with the previous key', () => {
    useKeys({ ENCRYPTION_KEY: key('1'), ENCRYPTION_KEY_ID: 'k1' });
    const old = encryptSecret('old-secret', CTX);
    useKeys({
      ENCRYPTION_KEY: key('2'),
      ENCRYPTION_KEY_ID: 'k2',
      ENCRYPTION_KEYS_PREVIOUS: `k1:${key('1')}`,
    });
    expect(encryptSecret('new-secret', CTX)).toMatch(/^v2:k2:/);
    expect(decryptSecret(old, CTX)).toBe('old-secret');
    useKeys({ ENCRYPTION_KEY: key('2'), ENCRYPTION_KEY_ID: 'k2' });
    expect(() => decryptSecret(old, CTX)).toThrow(
      'Encryption key "k1" is not configured (set ENCRYPTION_KEYS_PREVIOUS)',
    );
  });

  it('binds a ciphertext to its row: moved into another row it does not decrypt', () => {
    useKeys({ ENCRYPTION_KEY: key('1'), ENCRYPTION_KEY_ID: 'k1' });
    const sealed = encryptSecret('secret', 'api_keys:row-1:shared_secret');
    expect(decryptSecret(sealed, 'api_keys:row-1:shared_secret')).toBe('secret');
    expect(() => decryptSecret(sealed, 'api_keys:row-2:shared_secret')).toThrow();
  });

  it('refuses a truncated authentication tag', () => {
    useKeys({ ENCRYPTION_KEY: key('1'), ENCRYPTION_KEY_ID: 'k1' });
    const sealed = encryptSecret('secret', CTX).split(':');
    sealed[3] = Buffer.from(sealed[3]!, 'base64').subarray(0, 4).toString('base64');
    expect(() => decryptSecret(sealed.join(':'), CTX)).toThrow();
  });

  it('still reads a legacy v1 ciphertext (no associated data)', () => {
    useKeys({ ENCRYPTION_KEY: key('1'), ENCRYPTION_KEY_ID: 'k1' });
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', Buffer.alloc(32, '1'), iv);
    const body = Buffer.concat([cipher.update('legacy', 'utf8'), cipher.final()]);
    const sealed = [
      'v1',
      'k1',
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      body.toString('base64'),
    ];
    expect(decryptSecret(sealed.join(':'), CTX)).toBe('legacy');
  });

  it('refuses a previous key that is not 32 bytes at start-up', () => {
    expect(() =>
      parseEnv({
        ...base,
        ENCRYPTION_KEY: key('1'),
        ENCRYPTION_KEYS_PREVIOUS: `k0:${Buffer.alloc(16).toString('base64')}`,
      }),
    ).toThrow(/ENCRYPTION_KEYS_PREVIOUS must hold only 32-byte keys/);
  });
});
