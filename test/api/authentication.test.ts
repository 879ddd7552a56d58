// Signed-request authentication through the real handlers: every bad credential is the same 401, good ones pass.
import { createPrivateKey } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { revokeApiKey } from '@/lib/auth/api-keys';
import { computeBodyHash } from '@/lib/client/sign';
import { generateEs256KeyPair } from '@/lib/crypto/tokens';
import { resetEnvCache } from '@/lib/env';
import { apiClient, routeFetch, TEST_BASE_URL } from '../api';
import { useTestDatabase } from '../db';
import { addApiKey, createTestOrganization } from '../fixtures';

await useTestDatabase();

const UNAUTHORIZED = { statusCode: 401, code: 'invalid_token', message: 'Invalid or missing credentials' };
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function expect401(response: Response) {
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual(UNAUTHORIZED);
}

/** A token with arbitrary claims signed by the given key, for the cases our client refuses to produce. */
async function handMadeToken(privateKeyPem: string, claims: Record<string, unknown>, alg = 'ES256') {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(createPrivateKey(privateKeyPem));
}

describe('signed requests', () => {
  it('a correctly signed GET and POST succeed', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    expect((await client.send('GET', '/api/v2/funding/balance')).status).toBe(200);
    expect((await client.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '5' } })).status).toBe(
      201,
    );
  });

  it('answers every failure with the same 401 body', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const other = await createTestOrganization();
    const { privateKeyPem: strangerKey } = generateEs256KeyPair();
    const now = nowSeconds();
    const uri = '/api/v2/funding/balance';
    const goodClaims = {
      sub: org.credentials.apiKey,
      uri,
      nbf: now,
      iat: now,
      exp: now + 60,
      bodyHash: computeBodyHash(org.credentials.sharedSecret, uri, undefined, now),
    };
    const withToken = (token: string, apiKey = org.credentials.apiKey) =>
      routeFetch(`${TEST_BASE_URL}${uri}`, {
        headers: { 'x-api-key': apiKey, authorization: `Bearer ${token}` },
      });

    // Missing or malformed credentials.
    await expect401(await routeFetch(`${TEST_BASE_URL}${uri}`));
    await expect401(
      await routeFetch(`${TEST_BASE_URL}${uri}`, { headers: { 'x-api-key': org.credentials.apiKey } }),
    );
    await expect401(await withToken('not-a-jwt'));
    await expect401(await withToken('a.b.c'));
    // Algorithms other than ES256.
    await expect401(await withToken(new UnsecuredJWT(goodClaims).encode()));
    await expect401(
      await withToken(
        await new SignJWT(goodClaims)
          .setProtectedHeader({ alg: 'HS256' })
          .sign(Buffer.from(org.credentials.sharedSecret)),
      ),
    );
    // Signed by a key that is not the one registered.
    await expect401(await withToken(await handMadeToken(strangerKey, goodClaims)));
    // sub naming another key, and another organization's key in the header.
    await expect401(await client.send('GET', uri, { signOverrides: { apiKey: other.credentials.apiKey } }));
    await expect401(
      await withToken(
        await handMadeToken(org.credentials.privateKeyPem, goodClaims),
        other.credentials.apiKey,
      ),
    );
    // Expired, not yet valid, lifetime too long.
    await expect401(
      await client.send('GET', uri, { signOverrides: { now: now - 400, lifetimeSeconds: 60 } }),
    );
    await expect401(await client.send('GET', uri, { signOverrides: { now: now + 120 } }));
    await expect401(
      await withToken(await handMadeToken(org.credentials.privateKeyPem, { ...goodClaims, exp: now + 301 })),
    );
    // Signed for another request: another uri, another query, another body (GET bodies are covered too).
    await expect401(await client.send('GET', uri, { signOverrides: { uri: '/api/v2/funding/addresses' } }));
    await expect401(await client.send('GET', `${uri}?x=1`, { signOverrides: { uri } }));
    await expect401(
      await client.send('POST', '/api/v2/sandbox/deposits', {
        body: { amount: '1' },
        signOverrides: { body: '{"amount":"1000"}' },
      }),
    );
    // Unknown key.
    await expect401(
      await withToken(await handMadeToken(org.credentials.privateKeyPem, goodClaims), 'sk_sandbox_unknown'),
    );

    // Nothing above moved money.
    expect((await client.request('GET', '/api/v2/funding/balance')).data).toMatchObject({
      available: '0.00',
    });
  });

  it('accepts a state-changing token once; a replay is 401 even with a new Idempotency-Key', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const first = await client.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '7' },
      idempotencyKey: 'first',
    });
    expect(first.status).toBe(201);

    // Capture exactly what a client sent, then send it again with a fresh Idempotency-Key.
    let captured: RequestInit | undefined;
    const capturing = apiClient(org.credentials);
    Object.assign(capturing, {
      fetchImpl: async (url: string, init: RequestInit) => {
        captured = init;
        return routeFetch(url, init);
      },
    });
    expect((await capturing.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '7' } })).status).toBe(
      201,
    );
    const replay = await routeFetch(`${TEST_BASE_URL}/api/v2/sandbox/deposits`, {
      ...captured,
      headers: { ...(captured!.headers as Record<string, string>), 'idempotency-key': 'a-new-key' },
    });
    await expect401(replay);
    expect((await client.request('GET', '/api/v2/funding/balance')).data).toMatchObject({
      available: '14.00',
    });
  });

  it('lets a GET token be reused within its lifetime (reads change nothing)', async () => {
    const org = await createTestOrganization();
    let captured: RequestInit | undefined;
    const client = apiClient(org.credentials);
    Object.assign(client, {
      fetchImpl: async (url: string, init: RequestInit) => {
        captured = init;
        return routeFetch(url, init);
      },
    });
    expect((await client.send('GET', '/api/v2/funding/balance')).status).toBe(200);
    expect((await routeFetch(`${TEST_BASE_URL}/api/v2/funding/balance`, captured)).status).toBe(200);
  });

  it('a revoked key is refused at once, although this instance had its material cached', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    expect((await client.send('GET', '/api/v2/funding/balance')).status).toBe(200);
    await revokeApiKey(db(), { id: org.credentials.apiKeyId });
    await expect401(await client.send('GET', '/api/v2/funding/balance'));
  });

  it('keeps last_used_at', async () => {
    const org = await createTestOrganization();
    await apiClient(org.credentials).request('GET', '/api/v2/funding/balance');
    const [row] = await db().query.apiKeys.findMany({
      where: (k, { eq }) => eq(k.id, org.credentials.apiKeyId),
    });
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  describe('throttling failed attempts per client address', () => {
    afterEach(() => {
      delete process.env.AUTH_FAILURE_LIMIT_PER_MINUTE;
      resetEnvCache();
    });

    it('answers 429 once an address has failed too often, while other addresses still get 401', async () => {
      process.env.AUTH_FAILURE_LIMIT_PER_MINUTE = '3';
      resetEnvCache();
      const attempt = (address: string) =>
        routeFetch(`${TEST_BASE_URL}/api/v2/funding/balance`, {
          headers: {
            'x-api-key': 'sk_sandbox_guess',
            authorization: 'Bearer x.y.z',
            'x-forwarded-for': address,
          },
        });
      const address = `203.0.113.${Math.floor(Math.random() * 200)}`;
      for (let i = 0; i < 3; i += 1) expect((await attempt(address)).status).toBe(401);
      const throttled = await attempt(address);
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await throttled.json()).toEqual({
        statusCode: 429,
        code: 'too_many_requests',
        message: 'Too many failed authentication attempts',
      });
      expect((await attempt('198.51.100.7')).status).toBe(401);
    });
  });

  it('a second key of the same organization works independently of a revoked one', async () => {
    const org = await createTestOrganization();
    const second = await addApiKey(org.orgId);
    await revokeApiKey(db(), { id: org.credentials.apiKeyId });
    expect((await apiClient(second).send('GET', '/api/v2/funding/balance')).status).toBe(200);
  });
});
