// The request pipeline through the real handlers (DESIGN "The request pipeline"): a body is read only once the request
// is authenticated, counted and authorized, then checked against the token; what a stranger may send is capped;
// Idempotency-Key compares JSON values, not bytes; every API route answers OPTIONS with the Allow its 405 gives.
import { afterEach, describe, expect, it } from 'vitest';
import { signRequest } from '@/lib/platform/client/sign';
import { resetEnvCache } from '@/lib/platform/env';
import { HTTP_METHODS } from '@/lib/platform/operations/operation';
import { apiClient, routeFetch, TEST_BASE_URL } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { listRouteFiles } from '../route-table';

await useTestDatabase();

afterEach(() => {
  delete process.env.MAX_UNAUTHENTICATED_BODY_BYTES;
  resetEnvCache();
});

type Balance = { available: string };

/** A request body that records whether anyone read it (highWaterMark 0: nothing is pulled until a read). */
function watchedBody(text: string): { stream: ReadableStream<Uint8Array>; wasRead: () => boolean } {
  let pulled = false;
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled = true;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, wasRead: () => pulled };
}

function post(uri: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  return routeFetch(`${TEST_BASE_URL}${uri}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'content-length': '17', ...headers },
    duplex: 'half',
  } as RequestInit);
}

describe('the body is read only after authentication', () => {
  it('a request with bad credentials is refused without its body being read, and its connection is closed', async () => {
    const org = await createTestOrganization();
    const body = watchedBody('{"amount":"5.00"}');
    const response = await post('/api/v2/sandbox/deposits', body.stream, {
      'x-api-key': org.credentials.apiKey,
      authorization: 'Bearer not.a.token',
      'x-forwarded-for': '192.0.2.71',
    });
    expect(response.status).toBe(401);
    expect(body.wasRead()).toBe(false);
    expect(response.headers.get('connection')).toBe('close');
  });

  it('a rate-limited or forbidden request is refused without its body being read', async () => {
    const limited = await createTestOrganization({ rateLimitPerMinute: 1 });
    const client = apiClient(limited.credentials);
    expect((await client.send('GET', '/api/v2/funding/balance')).status).toBe(200);
    const uri = '/api/v2/sandbox/deposits';
    const text = '{"amount":"5.00"}';
    const overLimit = watchedBody(text);
    const headers = await signRequest({ ...limited.credentials, method: 'POST', uri, body: text });
    const response = await post(uri, overLimit.stream, { ...headers });
    expect(response.status).toBe(429);
    expect(overLimit.wasRead()).toBe(false);

    // A member key may not confirm a batch: 403 before the body is looked at.
    const member = await createTestOrganization({ role: 'member' });
    const confirmUri = '/api/v2/payouts/00000000-0000-7000-8000-000000000000/confirm';
    const forbidden = watchedBody('{"review_digest":"x"}');
    const signed = await signRequest({ ...member.credentials, method: 'POST', uri: confirmUri, body: '{}' });
    const refused = await post(confirmUri, forbidden.stream, { ...signed });
    expect(refused.status).toBe(403);
    expect(forbidden.wasRead()).toBe(false);
  });

  it('an authenticated request is read, then held to its bodyHash', async () => {
    const org = await createTestOrganization();
    const uri = '/api/v2/sandbox/deposits';
    const good = watchedBody('{"amount":"5.00"}');
    const headers = await signRequest({ ...org.credentials, method: 'POST', uri, body: '{"amount":"5.00"}' });
    expect((await post(uri, good.stream, { ...headers })).status).toBe(201);
    expect(good.wasRead()).toBe(true);

    const swapped = watchedBody('{"amount":"9.00"}');
    const other = await signRequest({ ...org.credentials, method: 'POST', uri, body: '{"amount":"5.00"}' });
    const refused = await post(uri, swapped.stream, { ...other, 'x-forwarded-for': '192.0.2.72' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ reason: 'body_hash_mismatch' });
    const balance = await apiClient(org.credentials).request<Balance>('GET', '/api/v2/funding/balance');
    expect(balance.data.available).toBe('5.00');
  });

  it('an operation that needs no credentials takes at most MAX_UNAUTHENTICATED_BODY_BYTES (16 KiB by default)', async () => {
    const reset = (email: string) =>
      routeFetch(`${TEST_BASE_URL}/api/auth/password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const large = await reset(`${'a'.repeat(17_000)}@example.com`);
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ message: 'Request body must not exceed 16384 bytes' });
    process.env.MAX_UNAUTHENTICATED_BODY_BYTES = '64';
    resetEnvCache();
    expect((await reset('someone-with-a-much-longer-address-than-allowed@mail.example.com')).status).toBe(
      413,
    );
    expect((await reset('a@example.com')).status).toBe(202);
  });
});

describe('Idempotency-Key compares the parsed body', () => {
  it('the same JSON with other whitespace and key order is a replay, not idempotency_key_reused', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const first = await client.send('POST', '/api/v2/sandbox/deposits', {
      rawBody: '{"amount":"12.50","chain":"tron"}',
      headers: { 'content-type': 'application/json' },
      idempotencyKey: 'same-json',
    });
    expect(first.status).toBe(201);
    const again = await client.send('POST', '/api/v2/sandbox/deposits', {
      rawBody: '{\n  "chain" : "tron",\n  "amount": "12.50"\n}\n',
      headers: { 'content-type': 'application/json' },
      idempotencyKey: 'same-json',
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    // A different value is still a different request.
    const other = await client.send('POST', '/api/v2/sandbox/deposits', {
      rawBody: '{"chain":"tron","amount":"12.5"}',
      headers: { 'content-type': 'application/json' },
      idempotencyKey: 'same-json',
    });
    expect(other.status).toBe(409);
    expect((await client.request<Balance>('GET', '/api/v2/funding/balance')).data.available).toBe('12.50');
  });

  it('a JSON null body is 422, not an empty object', async () => {
    const org = await createTestOrganization();
    const response = await apiClient(org.credentials).send('POST', '/api/v2/senders', {
      rawBody: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      statusCode: 422,
      code: 'invalid_parameter',
      message: ['(body): must be an object'],
      errors: [{ field: '(body)', code: 'invalid_type', message: '(body): must be an object' }],
    });
  });
});

describe('OPTIONS and Allow', () => {
  it('every API route file answers OPTIONS itself, with the Allow its 405 gives', async () => {
    for (const route of listRouteFiles()) {
      if (route.segments.some((segment) => segment.startsWith('[...') && route.nextPath === '/api/[...path]'))
        continue;
      const module = (await import(/* @vite-ignore */ route.file)) as Record<
        string,
        ((request: Request, context: unknown) => Promise<Response>) | undefined
      >;
      expect(module.OPTIONS, `${route.nextPath} exports OPTIONS`).toBeTypeOf('function');
      const url = `${TEST_BASE_URL}${route.nextPath.replace(/\[\.\.\.[^\]]+\]/g, 'x').replace(/\[[^\]]+\]/g, 'x')}`;
      const context = { params: Promise.resolve({}) };
      const options = await module.OPTIONS!(new Request(url, { method: 'OPTIONS' }), context);
      expect(options.status, route.nextPath).toBe(204);
      expect(options.headers.get('x-request-id')).toBeTruthy();
      const allow = options.headers.get('allow') ?? '';
      const served = HTTP_METHODS.filter((method) => allow.split(', ').includes(method));
      expect(served.length, `${route.nextPath} serves something`).toBeGreaterThan(0);
      const unserved = HTTP_METHODS.find((method) => !served.includes(method));
      if (!unserved) continue;
      const refused = await module[unserved]!(new Request(url, { method: unserved }), context);
      expect(refused.status, `${unserved} ${route.nextPath}`).toBe(405);
      expect(refused.headers.get('allow'), route.nextPath).toBe(allow);
    }
  });

  it('names only the real methods: a read-only route is GET, HEAD, OPTIONS', async () => {
    const response = await routeFetch(`${TEST_BASE_URL}/api/v2/funding/balance`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const webhooks = await routeFetch(`${TEST_BASE_URL}/api/v2/webhooks/endpoints/x`, { method: 'OPTIONS' });
    expect(webhooks.headers.get('allow')).toBe('DELETE, GET, HEAD, OPTIONS, PATCH');
  });

  it('a method Next cannot route arrives as OPTIONS naming it, and is 405 in the area envelope', async () => {
    const response = await routeFetch(`${TEST_BASE_URL}/api/v2/liquidity/management/chains`, {
      method: 'OPTIONS',
      headers: { 'x-payout-unsupported-method': 'TRACE', 'x-request-id': 'trace-1' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('x-request-id')).toBe('trace-1');
    expect(await response.json()).toEqual({
      error: {
        type: 'validation_error',
        code: 'method_not_allowed',
        message: 'Method TRACE is not allowed here',
      },
    });
  });

  it('a target with a fragment, as the front passes it on, is 400 saying so in the area envelope, signed or not', async () => {
    const org = await createTestOrganization({ entitlements: ['payouts', 'liquidity_management'] });
    const message =
      'The request target must not contain a fragment (#…): send and sign the path and query only';
    // The front copies the target on the socket into this header (lib/platform/http/incoming.mjs); in process, we do.
    const balance = '/api/v2/funding/balance#x';
    const signed = await signRequest({ ...org.credentials, method: 'GET', uri: balance });
    const payouts = await routeFetch(`${TEST_BASE_URL}${balance}`, {
      headers: { ...signed, 'x-payout-raw-target': balance },
    });
    expect(payouts.status).toBe(400);
    expect(await payouts.json()).toEqual({ statusCode: 400, code: 'fragment_in_target', message });

    const chains = '/api/v2/liquidity/management/chains?x=1#top';
    const liquidity = await routeFetch(`${TEST_BASE_URL}${chains}`, {
      headers: { 'x-payout-raw-target': chains },
    });
    expect(liquidity.status).toBe(400);
    expect(await liquidity.json()).toEqual({
      error: { type: 'validation_error', code: 'fragment_in_target', message },
    });
  });
});
