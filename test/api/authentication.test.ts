// Signed-request authentication through the real handlers: every bad credential is the same 401, good ones pass.
import { createPrivateKey } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { revokeApiKey } from '@/lib/identity/server/auth/api-key-lifecycle';
import { computeBodyHash, signRequest } from '@/lib/platform/client/sign';
import { generateEs256KeyPair } from '@/lib/platform/crypto/tokens';
import { resetEnvCache } from '@/lib/platform/env';
import { apiClient, capturingClient, routeFetch, TEST_BASE_URL } from '../api';
import { useTestDatabase } from '../db';
import { derOf } from '../der-signature';
import { addApiKey, createTestOrganization } from '../fixtures';

await useTestDatabase();

const UNAUTHORIZED = { statusCode: 401, code: 'invalid_token', message: 'Invalid or missing credentials' };
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A 401; the sandbox (where tests run) names the check that failed. */
async function expect401(response: Response, reason?: string) {
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ ...UNAUTHORIZED, ...(reason ? { reason } : {}) });
}

/** A token with arbitrary claims signed by the given key, for the cases our client refuses to produce. */
async function handMadeToken(privateKeyPem: string, claims: Record<string, unknown>, alg = 'ES256') {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(createPrivateKey(privateKeyPem));
}

/** The headers of a bodyless request signed without the optional `method` claim, as tokens before 2.7.0 were. */
async function signedWithoutMethod(
  credentials: { apiKey: string; privateKeyPem: string; sharedSecret: string },
  uri: string,
  claims: Record<string, unknown> = {},
) {
  const nbf = nowSeconds();
  const token = await handMadeToken(credentials.privateKeyPem, {
    sub: credentials.apiKey,
    uri,
    nbf,
    iat: nbf,
    exp: nbf + 60,
    bodyHash: computeBodyHash(credentials.sharedSecret, uri, '', nbf),
    jti: crypto.randomUUID(),
    ...claims,
  });
  return { 'x-api-key': credentials.apiKey, authorization: `Bearer ${token}` };
}

/** Runs `body` with webhook endpoints allowed on loopback (the endpoint below is never called). */
async function withLoopbackEndpoints(body: () => Promise<void>) {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
  resetEnvCache();
  try {
    await body();
  } finally {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    resetEnvCache();
  }
}

/** An approver's organization with one webhook endpoint, and its URI: a resource both a GET and a DELETE reach. */
async function approverWithEndpoint() {
  const org = await createTestOrganization({ role: 'approver' });
  const client = apiClient(org.credentials);
  const created = await client.request<{ id: string }>('POST', '/api/v2/webhooks/endpoints', {
    body: { url: 'http://127.0.0.1:9/hooks', event_types: ['*'] },
  });
  return { org, client, uri: `/api/v2/webhooks/endpoints/${created.data.id}` };
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

  /** Every way a credential can be wrong, each with what the sandbox says about it (undefined: nothing to say). */
  async function failureCases() {
    const org = await createTestOrganization();
    // From an address of their own, so these failures do not throttle the other tests' (one window, one address).
    const address = `192.0.2.${Math.floor(Math.random() * 250)}`;
    const fetchFrom = (url: string | URL, init: RequestInit = {}) =>
      routeFetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': address },
      });
    const client = apiClient(org.credentials);
    Object.assign(client, { fetchImpl: fetchFrom });
    const other = await createTestOrganization();
    const { privateKeyPem: strangerKey } = generateEs256KeyPair();
    const now = nowSeconds();
    const uri = '/api/v2/funding/balance';
    const goodClaims = () => ({
      sub: org.credentials.apiKey,
      uri,
      nbf: now,
      iat: now,
      exp: now + 60,
      bodyHash: computeBodyHash(org.credentials.sharedSecret, uri, undefined, now),
    });
    const withToken = (token: string, apiKey = org.credentials.apiKey) =>
      fetchFrom(`${TEST_BASE_URL}${uri}`, {
        headers: { 'x-api-key': apiKey, authorization: `Bearer ${token}` },
      });
    const derSigned = async () => {
      // The same token with its R‖S signature re-encoded as DER, the default output of most crypto libraries.
      const [header, payload, signature] = (
        await handMadeToken(org.credentials.privateKeyPem, goodClaims())
      ).split('.');
      const der = derOf(Buffer.from(signature!, 'base64url')).toString('base64url');
      return withToken(`${header}.${payload}.${der}`);
    };
    const cases: [string, () => Promise<Response>, Record<string, string> | undefined][] = [
      // Missing or malformed credentials.
      ['no credentials at all', () => fetchFrom(`${TEST_BASE_URL}${uri}`), undefined],
      [
        'an API key without a token',
        () => fetchFrom(`${TEST_BASE_URL}${uri}`, { headers: { 'x-api-key': org.credentials.apiKey } }),
        { reason: 'credentials_incomplete' },
      ],
      ['not a JWT', () => withToken('not-a-jwt'), { reason: 'token_malformed' }],
      ['a.b.c', () => withToken('a.b.c'), { reason: 'token_malformed' }],
      // Algorithms other than ES256, and ES256 in the wrong encoding.
      [
        'alg none',
        () => withToken(new UnsecuredJWT(goodClaims()).encode()),
        { reason: 'algorithm_not_es256' },
      ],
      [
        'HS256',
        async () =>
          withToken(
            await new SignJWT(goodClaims())
              .setProtectedHeader({ alg: 'HS256' })
              .sign(Buffer.from(org.credentials.sharedSecret)),
          ),
        { reason: 'algorithm_not_es256' },
      ],
      ['a DER signature', derSigned, { reason: 'signature_not_raw_r_s' }],
      // Signed by a key that is not the one registered.
      [
        'signed by a stranger',
        async () => withToken(await handMadeToken(strangerKey, goodClaims())),
        { reason: 'signature_invalid' },
      ],
      // sub naming another key, and another organization's key in the header.
      [
        'sub naming another key',
        () => client.send('GET', uri, { signOverrides: { apiKey: other.credentials.apiKey } }),
        { reason: 'sub_mismatch' },
      ],
      [
        "another organization's key in the header",
        async () =>
          withToken(
            await handMadeToken(org.credentials.privateKeyPem, goodClaims()),
            other.credentials.apiKey,
          ),
        { reason: 'signature_invalid' },
      ],
      // Expired, not yet valid, lifetime too long, milliseconds.
      [
        'expired',
        () => client.send('GET', uri, { signOverrides: { now: now - 400, lifetimeSeconds: 60 } }),
        { reason: 'expired' },
      ],
      [
        'not yet valid',
        () => client.send('GET', uri, { signOverrides: { now: now + 120 } }),
        { reason: 'not_yet_valid' },
      ],
      [
        'a lifetime of 301 s',
        async () =>
          withToken(await handMadeToken(org.credentials.privateKeyPem, { ...goodClaims(), exp: now + 301 })),
        { reason: 'lifetime_too_long' },
      ],
      [
        'times in milliseconds',
        async () =>
          withToken(
            await handMadeToken(org.credentials.privateKeyPem, {
              ...goodClaims(),
              nbf: now * 1000,
              iat: now * 1000,
              exp: (now + 60) * 1000,
            }),
          ),
        { reason: 'nbf_in_milliseconds' },
      ],
      // Signed for another request: another uri, another query, another body (GET bodies are covered too).
      [
        'signed for another path',
        () => client.send('GET', uri, { signOverrides: { uri: '/api/v2/funding/addresses' } }),
        { reason: 'uri_mismatch', compared_uri: uri },
      ],
      [
        'signed without the query sent',
        () => client.send('GET', `${uri}?x=1`, { signOverrides: { uri } }),
        { reason: 'uri_mismatch', compared_uri: `${uri}?x=1` },
      ],
      [
        'signed over another body',
        () =>
          client.send('POST', '/api/v2/senders', {
            body: {},
            signOverrides: { body: '{"first_name":"Ada"}' },
          }),
        { reason: 'body_hash_mismatch' },
      ],
      // Unknown key.
      [
        'an unknown key',
        async () =>
          withToken(await handMadeToken(org.credentials.privateKeyPem, goodClaims()), 'sk_sandbox_unknown'),
        { reason: 'key_unknown' },
      ],
    ];
    return { client, cases };
  }

  describe('refusals', () => {
    afterEach(() => {
      process.env.APP_ENV = 'sandbox';
      resetEnvCache();
    });

    it('production answers every failure with the same 401 body, whatever check failed', async () => {
      const { client, cases } = await failureCases();
      process.env.APP_ENV = 'production';
      resetEnvCache();
      for (const [name, send] of cases) {
        const response = await send();
        expect(response.status, name).toBe(401);
        expect(await response.json(), name).toEqual(UNAUTHORIZED);
      }
      process.env.APP_ENV = 'sandbox';
      resetEnvCache();
      // Nothing above moved money.
      expect((await client.request('GET', '/api/v2/funding/balance')).data).toMatchObject({
        available: '0.00',
      });
    });

    it('the sandbox says why, in both envelopes: reason, and the uri it compared on uri_mismatch', async () => {
      const { client, cases } = await failureCases();
      for (const [name, send, explained] of cases) {
        const response = await send();
        expect(response.status, name).toBe(401);
        expect(await response.json(), name).toEqual({ ...UNAUTHORIZED, ...explained });
      }
      // The liquidity envelope carries the same under error.
      const liquidity = await client.send('GET', '/api/v2/liquidity/management/chains', {
        signOverrides: { uri: '/api/v2/liquidity/management/chain' },
      });
      expect(await liquidity.json()).toEqual({
        error: {
          type: 'auth_error',
          code: 'invalid_token',
          message: 'Invalid or missing credentials',
          reason: 'uri_mismatch',
          compared_uri: '/api/v2/liquidity/management/chains',
        },
      });
      expect((await client.request('GET', '/api/v2/funding/balance')).data).toMatchObject({
        available: '0.00',
      });
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
    const capture = capturingClient(org.credentials);
    const capturing = capture.client;
    expect((await capturing.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '7' } })).status).toBe(
      201,
    );
    const replay = await routeFetch(`${TEST_BASE_URL}/api/v2/sandbox/deposits`, {
      ...capture.last,
      headers: { ...(capture.last!.headers as Record<string, string>), 'idempotency-key': 'a-new-key' },
    });
    await expect401(replay, 'token_replayed');
    expect((await client.request('GET', '/api/v2/funding/balance')).data).toMatchObject({
      available: '14.00',
    });
  });

  it('lets a GET token be reused within its lifetime (reads change nothing)', async () => {
    const org = await createTestOrganization();
    const capture = capturingClient(org.credentials);
    const client = capture.client;
    expect((await client.send('GET', '/api/v2/funding/balance')).status).toBe(200);
    expect((await routeFetch(`${TEST_BASE_URL}/api/v2/funding/balance`, capture.last)).status).toBe(200);
  });

  it('a token used for a GET of a URI never works as a DELETE of it: a token keeps the method it was first used with', async () => {
    await withLoopbackEndpoints(async () => {
      const { org, client, uri } = await approverWithEndpoint();
      // A GET token without the method claim, captured (from a log, a proxy, a browser extension…) and sent again
      // as DELETE: the record of its first use refuses it.
      const read = await signedWithoutMethod(org.credentials, uri);
      expect((await routeFetch(`${TEST_BASE_URL}${uri}`, { headers: { ...read } })).status).toBe(200);
      await expect401(
        await routeFetch(`${TEST_BASE_URL}${uri}`, { method: 'DELETE', headers: { ...read } }),
        'token_replayed',
      );
      expect((await client.send('GET', uri)).status).toBe(200);
      // The other way round too: a token that deleted something is no read token afterwards.
      const remove = await signedWithoutMethod(org.credentials, uri);
      expect(
        (await routeFetch(`${TEST_BASE_URL}${uri}`, { method: 'DELETE', headers: { ...remove } })).status,
      ).toBe(200);
      await expect401(
        await routeFetch(`${TEST_BASE_URL}${uri}`, { headers: { ...remove } }),
        'token_replayed',
      );
    });
  });

  it('a token whose method claim says GET, sent first as DELETE, is refused and deletes nothing', async () => {
    await withLoopbackEndpoints(async () => {
      const { org, client, uri } = await approverWithEndpoint();
      // Never used as a GET first: only the claim can tell this token is not for a DELETE.
      const read = await signRequest({ ...org.credentials, method: 'GET', uri });
      await expect401(
        await routeFetch(`${TEST_BASE_URL}${uri}`, { method: 'DELETE', headers: { ...read } }),
        'method_mismatch',
      );
      expect((await client.send('GET', uri)).status).toBe(200);
      // The same token still makes the GET it was signed for (HEAD reading as GET is checked in lib/auth).
      expect((await routeFetch(`${TEST_BASE_URL}${uri}`, { headers: { ...read } })).status).toBe(200);
      // A lower-case claim is not the method either: the claim is the upper-case method.
      await expect401(
        await routeFetch(`${TEST_BASE_URL}${uri}`, {
          headers: await signedWithoutMethod(org.credentials, uri, { method: 'get' }),
        }),
        'method_mismatch',
      );
    });
  });

  it('a revoked key is refused at once, although this instance had its material cached', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    expect((await client.send('GET', '/api/v2/funding/balance')).status).toBe(200);
    await revokeApiKey(db(), { id: org.credentials.apiKeyId });
    await expect401(await client.send('GET', '/api/v2/funding/balance'), 'key_revoked');
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
