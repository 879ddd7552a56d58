// Unit tests of request signing: the token verifies with the registered public key and carries exactly the spec's claims.
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { computeBodyHash, signRequest } from './sign';

const { privateKey: privateKeyPem, publicKey: publicKeyPem } = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

const apiKey = 'sk_sandbox_testkey';
const sharedSecret = 'a-shared-secret-with-ünïcode';
const now = 1_767_225_600;

/** The HMAC written out independently of the code under test. */
function expectedHash(uri: string, body: Buffer, nbf: number): string {
  const message = Buffer.concat([Buffer.from(uri, 'utf8'), body, Buffer.from(String(nbf), 'utf8')]);
  return createHmac('sha512', Buffer.from(sharedSecret, 'utf8')).update(message).digest('base64');
}

async function verify(authorization: string) {
  const token = authorization.replace(/^Bearer /, '');
  const key = await importSPKI(publicKeyPem, 'ES256');
  const { payload, protectedHeader } = await jwtVerify(token, key, {
    algorithms: ['ES256'],
    currentDate: new Date(now * 1000),
  });
  return { payload, protectedHeader, token };
}

describe('signRequest', () => {
  it('signs a GET whose token verifies and carries exactly the claims', async () => {
    const uri = '/api/v2/funding/transactions?limit=100&page=2';
    const headers = await signRequest({ apiKey, privateKeyPem, sharedSecret, method: 'GET', uri, now });

    expect(headers['x-api-key']).toBe(apiKey);
    expect(headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const { payload, protectedHeader } = await verify(headers.authorization);
    expect(protectedHeader).toEqual({ alg: 'ES256', typ: 'JWT' });
    expect(Object.keys(payload).sort()).toEqual([
      'bodyHash',
      'exp',
      'iat',
      'jti',
      'method',
      'nbf',
      'sub',
      'uri',
    ]);
    expect(payload).toMatchObject({ sub: apiKey, uri, method: 'GET', nbf: now, iat: now, exp: now + 60 });
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.bodyHash).toBe(expectedHash(uri, Buffer.alloc(0), now));
  });

  it('hashes the raw POST body bytes, string or Uint8Array alike', async () => {
    const uri = '/api/v2/payouts';
    const body = '{"sender_profile_id":"x","orders":[{"amount":"10.50","note":"café"}]}';
    const fromString = await signRequest({
      apiKey,
      privateKeyPem,
      sharedSecret,
      method: 'POST',
      uri,
      body,
      now,
    });
    const fromBytes = await signRequest({
      apiKey,
      privateKeyPem,
      sharedSecret,
      method: 'POST',
      uri,
      body: new TextEncoder().encode(body),
      now,
    });
    const expected = expectedHash(uri, Buffer.from(body, 'utf8'), now);
    expect((await verify(fromString.authorization)).payload.bodyHash).toBe(expected);
    expect((await verify(fromBytes.authorization)).payload.bodyHash).toBe(expected);
  });

  it('uses standard padded base64 and changes with any byte of uri, body or nbf', () => {
    const hash = computeBodyHash(sharedSecret, '/a', 'b', 1);
    expect(hash).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect(computeBodyHash(sharedSecret, '/a?', 'b', 1)).not.toBe(hash);
    expect(computeBodyHash(sharedSecret, '/a', 'c', 1)).not.toBe(hash);
    expect(computeBodyHash(sharedSecret, '/a', 'b', 2)).not.toBe(hash);
    expect(computeBodyHash(`${sharedSecret}x`, '/a', 'b', 1)).not.toBe(hash);
    expect(computeBodyHash(sharedSecret, '/a', undefined, 1)).toBe(
      computeBodyHash(sharedSecret, '/a', '', 1),
    );
  });

  it('makes two identical requests in the same second distinct tokens', async () => {
    const input = {
      apiKey,
      privateKeyPem,
      sharedSecret,
      method: 'POST',
      uri: '/api/v2/payouts',
      body: '{}',
      now,
    };
    const [first, second] = await Promise.all([signRequest(input), signRequest(input)]);
    expect(first.authorization).not.toBe(second.authorization);
    const [a, b] = await Promise.all([verify(first.authorization), verify(second.authorization)]);
    expect(a.token.split('.')[1]).not.toBe(b.token.split('.')[1]);
  });

  it('honours a custom lifetime and refuses one above 300 seconds or a full URL as uri', async () => {
    const headers = await signRequest({
      apiKey,
      privateKeyPem,
      sharedSecret,
      method: 'GET',
      uri: '/x',
      now,
      lifetimeSeconds: 300,
    });
    expect((await verify(headers.authorization)).payload.exp).toBe(now + 300);
    expect(decodeProtectedHeader(headers.authorization.slice(7)).alg).toBe('ES256');
    await expect(
      signRequest({ apiKey, privateKeyPem, sharedSecret, method: 'GET', uri: '/x', lifetimeSeconds: 301 }),
    ).rejects.toThrow(RangeError);
    await expect(
      signRequest({ apiKey, privateKeyPem, sharedSecret, method: 'GET', uri: 'https://host/x' }),
    ).rejects.toThrow(/uri/);
  });
});
