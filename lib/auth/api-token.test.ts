// Unit tests of bearer-token verification: every way a token can be wrong is refused, a right one passes.
import { createPrivateKey, createPublicKey, createSecretKey, generateKeyPairSync } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { computeBodyHash, signRequest } from '@/lib/client/sign';
import { TokenRejected, verifyApiToken } from './api-token';

const pair = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const other = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const apiKey = 'sk_sandbox_unit_test_key';
const sharedSecret = 'shared-secret-for-tests';
const now = 1_900_000_000;
const uri = '/api/v2/sandbox/deposits?x=1';
const body = '{"amount":"10.00"}';

function check(token: string, overrides: Partial<Parameters<typeof verifyApiToken>[0]> = {}) {
  return verifyApiToken({
    token,
    apiKey,
    publicKey: createPublicKey(pair.publicKey),
    sharedSecret,
    uri,
    rawBody: new TextEncoder().encode(body),
    nowSeconds: now,
    ...overrides,
  });
}

async function sign(overrides: Partial<Parameters<typeof signRequest>[0]> = {}): Promise<string> {
  const headers = await signRequest({
    apiKey,
    privateKeyPem: pair.privateKey,
    sharedSecret,
    method: 'POST',
    uri,
    body,
    now,
    ...overrides,
  });
  return headers.authorization.slice('Bearer '.length);
}

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TokenRejected) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('verifyApiToken', () => {
  it('accepts a correctly signed token and identifies it by its payload', async () => {
    const token = await sign();
    const verified = await check(token);
    expect(verified.expiresAt.getTime()).toBe((now + 60) * 1000);
    expect(verified.digest).toMatch(/^[0-9a-f]{64}$/);
    // The same token always has the same identity, whatever its signature bytes.
    expect((await check(token)).digest).toBe(verified.digest);
  });

  it('tolerates 30 seconds of clock skew either way', async () => {
    expect(await reason(check(await sign({ now: now + 25 })))).toBe('accepted');
    expect(await reason(check(await sign({ now: now - 60 - 25 }), {}))).toBe('accepted');
  });

  it.each([
    ['expired', () => sign({ now: now - 200, lifetimeSeconds: 60 }), /jwt verification failed/],
    ['not yet valid', () => sign({ now: now + 120 }), /jwt verification failed|future/],
    ['signed by another key', () => sign({ privateKeyPem: other.privateKey }), /jwt verification failed/],
    ['for another api key', () => sign({ apiKey: 'sk_sandbox_someone_else' }), /sub mismatch/],
    ['for another uri', () => sign({ uri: '/api/v2/funding/balance' }), /uri mismatch/],
    ['over another body', () => sign({ body: '{"amount":"99.00"}' }), /bodyHash mismatch/],
  ])('refuses a token %s', async (_name, makeToken, expected) => {
    expect(await reason(check(await makeToken()))).toMatch(expected);
  });

  it('refuses a lifetime over 300 seconds', async () => {
    const token = await new SignJWT({ uri, bodyHash: computeBodyHash(sharedSecret, uri, body, now) })
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject(apiKey)
      .setNotBefore(now)
      .setIssuedAt(now)
      .setExpirationTime(now + 301)
      .sign(createPrivate(pair.privateKey));
    expect(await reason(check(token))).toBe('lifetime too long');
  });

  it('refuses alg none and HS256 whatever the claims', async () => {
    const claims = {
      sub: apiKey,
      uri,
      nbf: now,
      iat: now,
      exp: now + 60,
      bodyHash: computeBodyHash(sharedSecret, uri, body, now),
    };
    const unsecured = new UnsecuredJWT(claims).encode();
    expect(await reason(check(unsecured))).toMatch(/algorithm none refused/);
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(createSecretKey(Buffer.from(sharedSecret)));
    expect(await reason(check(hs256))).toMatch(/algorithm HS256 refused/);
  });

  it('refuses tokens missing time claims or with fractional seconds', async () => {
    const missing = await new SignJWT({ uri, bodyHash: computeBodyHash(sharedSecret, uri, body, now) })
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject(apiKey)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(createPrivate(pair.privateKey));
    expect(await reason(check(missing))).toMatch(/jwt verification failed/);
  });

  it('refuses garbage', async () => {
    expect(await reason(check('not.a.token'))).toBe('malformed token');
    expect(await reason(check(''))).toBe('malformed token');
  });
});

function createPrivate(pem: string) {
  return createPrivateKey(pem);
}
