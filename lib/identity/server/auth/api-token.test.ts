// Unit tests of bearer-token verification: every way a token can be wrong is refused, a right one passes.
import { createPrivateKey, createPublicKey, createSecretKey, generateKeyPairSync } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { computeBodyHash, signRequest } from '@/lib/platform/client/sign';
import { derOf } from '@/test/der-signature';
import { TokenRejected, verifyApiToken, verifyBodyHash } from './api-token';

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

/** The code the sandbox would send for the refusal (`reason` on `invalid_token`), or `accepted`. */
async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TokenRejected) return error.code ?? `(no code) ${error.reason}`;
    throw error;
  }
  return 'accepted';
}

/** A token with arbitrary claims, signed by our key, for what the client refuses to produce. */
function handMade(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(createPrivate(pair.privateKey));
}

const goodClaims = () => ({
  sub: apiKey,
  uri,
  nbf: now,
  iat: now,
  exp: now + 60,
  bodyHash: computeBodyHash(sharedSecret, uri, body, now),
});

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
    ['expired', () => sign({ now: now - 200, lifetimeSeconds: 60 }), 'expired'],
    ['not yet valid', () => sign({ now: now + 120 }), 'not_yet_valid'],
    ['signed by another key', () => sign({ privateKeyPem: other.privateKey }), 'signature_invalid'],
    ['for another api key', () => sign({ apiKey: 'sk_sandbox_someone_else' }), 'sub_mismatch'],
    ['for another uri', () => sign({ uri: '/api/v2/funding/balance' }), 'uri_mismatch'],
    ['over another body', () => sign({ body: '{"amount":"99.00"}' }), 'body_hash_mismatch'],
  ])('refuses a token %s', async (_name, makeToken, expected) => {
    expect(await reason(check(await makeToken()))).toBe(expected);
  });

  it('checks everything but the body first; the body hash is a separate, later step', async () => {
    const token = await sign({ body: '{"amount":"99.00"}' });
    const verified = await check(token, { sharedSecret: undefined, rawBody: undefined });
    expect(() => verifyBodyHash(verified, sharedSecret, new TextEncoder().encode(body))).toThrow(
      TokenRejected,
    );
    expect(() =>
      verifyBodyHash(verified, sharedSecret, new TextEncoder().encode('{"amount":"99.00"}')),
    ).not.toThrow();
  });

  it('names the uri it compared when the claim differs, and refuses any claim for an untrusted target', async () => {
    const mismatch = await check(await sign({ uri: '/api/v2/funding/balance' })).catch((error) => error);
    expect(mismatch).toMatchObject({ code: 'uri_mismatch', comparedUri: uri });
    expect(await reason(check(await sign(), { uriTrusted: false }))).toBe('uri_mismatch');
  });

  it('refuses a token whose method claim names another method; HEAD and GET name each other; no claim fits any', async () => {
    expect(await reason(check(await sign({ method: 'POST' }), { method: 'POST' }))).toBe('accepted');
    expect(await reason(check(await sign({ method: 'GET' }), { method: 'DELETE' }))).toBe('method_mismatch');
    expect(await reason(check(await sign({ method: 'GET' }), { method: 'HEAD' }))).toBe('accepted');
    expect(await reason(check(await handMade({ ...goodClaims(), method: 'HEAD' }), { method: 'GET' }))).toBe(
      'accepted',
    );
    expect(await reason(check(await handMade({ ...goodClaims(), method: 'post' }), { method: 'POST' }))).toBe(
      'method_mismatch',
    );
    expect(await reason(check(await handMade({ ...goodClaims(), method: 1 }), { method: 'POST' }))).toBe(
      'method_mismatch',
    );
    // Optional in v2: a token without it is good for any method of its uri.
    expect(await reason(check(await handMade(goodClaims()), { method: 'DELETE' }))).toBe('accepted');
  });

  it('tells a DER signature from a raw R‖S one', async () => {
    const token = await sign();
    const [header, payload, signature] = token.split('.');
    const der = derOf(Buffer.from(signature!, 'base64url')).toString('base64url');
    expect(await reason(check(`${header}.${payload}.${der}`))).toBe('signature_not_raw_r_s');
    // Any other length is just not a signature.
    expect(await reason(check(`${header}.${payload}.${signature!.slice(4)}`))).toBe('signature_invalid');
  });

  it('tells time claims in milliseconds from ones merely out of range', async () => {
    const ms = now * 1000;
    expect(await reason(check(await handMade({ ...goodClaims(), nbf: ms, iat: ms, exp: ms + 60_000 })))).toBe(
      'nbf_in_milliseconds',
    );
    expect(await reason(check(await handMade({ ...goodClaims(), nbf: ms })))).toBe('nbf_in_milliseconds');
    expect(await reason(check(await handMade({ ...goodClaims(), nbf: now + 0.5 })))).toBe(
      'time_claims_not_whole_seconds',
    );
  });

  it('refuses a lifetime over 300 seconds', async () => {
    const token = await handMade({ ...goodClaims(), exp: now + 301 });
    expect(await reason(check(token))).toBe('lifetime_too_long');
  });

  it('refuses alg none and HS256 whatever the claims', async () => {
    const claims = goodClaims();
    const unsecured = new UnsecuredJWT(claims).encode();
    expect(await reason(check(unsecured))).toBe('algorithm_not_es256');
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(createSecretKey(Buffer.from(sharedSecret)));
    expect(await reason(check(hs256))).toBe('algorithm_not_es256');
  });

  it('refuses tokens missing time claims or with fractional seconds', async () => {
    const { nbf: _notBefore, ...withoutNotBefore } = goodClaims();
    const missing = await handMade(withoutNotBefore);
    expect(await reason(check(missing))).toBe('claims_missing');
  });

  it('refuses garbage', async () => {
    expect(await reason(check('not.a.token'))).toBe('token_malformed');
    expect(await reason(check(''))).toBe('token_malformed');
  });
});

function createPrivate(pem: string) {
  return createPrivateKey(pem);
}
