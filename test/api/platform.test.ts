// The HTTP platform through the real handlers: both envelopes for every catalogue row, versioning, 405/413/415,
// 422 field paths, roles and entitlements, request ids and deprecation headers.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handle } from '@/lib/app/handle';
import { ApiError } from '@/lib/platform/errors/api-error';
import { defineOperation, type Operation } from '@/lib/platform/operations/operation';
import { paginationQuery } from '@/lib/platform/pagination';
import { apiClient, routeFetch, TEST_BASE_URL } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

const noParams = { params: Promise.resolve({}) };

/**
 * Operations declared here run through the same wrapper as every real route. They stand for the liquidity
 * area (whose routes come with the liquidity work) and for failures no real route can be made to produce.
 */
function probe(path: string, behaviour: () => Promise<unknown>, extra: Partial<Operation> = {}) {
  return handle(
    defineOperation({
      id: 'probe',
      method: 'POST',
      path,
      summary: 'test probe',
      tags: ['Test'],
      body: z.object({ amount: z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal string') }).strict(),
      response: { status: 200, description: 'ok', schema: z.object({ ok: z.boolean() }) },
      ...extra,
    }),
    async () => (await behaviour()) as { ok: boolean },
  );
}

async function signedProbe(
  handler: ReturnType<typeof probe>,
  path: string,
  credentials: Parameters<typeof apiClient>[0],
  body: string,
  headers: Record<string, string> = {},
) {
  const client = apiClient(credentials);
  let response: Response | undefined;
  Object.assign(client, {
    fetchImpl: async (url: string, init: RequestInit) => {
      response = await handler(new Request(url, init), noParams);
      return response;
    },
  });
  await client.send('POST', path, {
    rawBody: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return response!;
}

describe('error envelopes', () => {
  const cases: {
    kind: ConstructorParameters<typeof ApiError>[0];
    status: number;
    type: string;
    code: string;
  }[] = [
    { kind: 'bad_request', status: 400, type: 'validation_error', code: 'invalid_request' },
    { kind: 'forbidden', status: 403, type: 'auth_error', code: 'forbidden' },
    { kind: 'not_found', status: 404, type: 'validation_error', code: 'resource_not_found' },
    { kind: 'conflict', status: 409, type: 'validation_error', code: 'invalid_state' },
    { kind: 'idempotency_key_reused', status: 409, type: 'validation_error', code: 'idempotency_key_reused' },
    { kind: 'idempotency_key_in_use', status: 409, type: 'validation_error', code: 'idempotency_key_in_use' },
    { kind: 'internal', status: 500, type: 'api_error', code: 'internal_error' },
    { kind: 'upstream', status: 502, type: 'api_error', code: 'upstream_dependency_error' },
    { kind: 'unavailable', status: 503, type: 'api_error', code: 'upstream_dependency_error' },
  ];

  it.each(cases)('$status $code renders in both envelopes', async ({ kind, status, type, code }) => {
    const org = await createTestOrganization();
    const thrower = async () => {
      throw new ApiError(kind, 'Something specific');
    };
    const payouts = await signedProbe(
      probe('/api/v2/probe', thrower),
      '/api/v2/probe',
      org.credentials,
      '{"amount":"1"}',
    );
    expect(payouts.status).toBe(status);
    expect(await payouts.json()).toEqual({ statusCode: status, code, message: 'Something specific' });

    const liquidity = await signedProbe(
      probe('/api/v2/liquidity/probe', thrower),
      '/api/v2/liquidity/probe',
      org.credentials,
      '{"amount":"1"}',
    );
    expect(liquidity.status).toBe(status);
    expect(await liquidity.json()).toEqual({ error: { type, code, message: 'Something specific' } });
  });

  it('an unexpected failure is a generic 500 with no stack trace or SQL', async () => {
    const org = await createTestOrganization();
    const failing = async () => {
      throw new Error(
        'relation "secret_table" does not exist at Object.<anonymous> (/work/main/lib/x.ts:1:1)',
      );
    };
    for (const path of ['/api/v2/probe', '/api/v2/liquidity/probe']) {
      const response = await signedProbe(probe(path, failing), path, org.credentials, '{"amount":"1"}');
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).not.toMatch(/secret_table|\.ts:|at Object/);
      expect(JSON.parse(text)).toEqual(
        path.includes('liquidity')
          ? { error: { type: 'api_error', code: 'internal_error', message: 'Internal server error' } }
          : { statusCode: 500, code: 'internal_error', message: 'Internal server error' },
      );
    }
  });

  it('401 and 429 use the liquidity envelope on liquidity paths', async () => {
    const handler = probe('/api/v2/liquidity/probe', async () => ({ ok: true }));
    const response = await handler(
      new Request(`${TEST_BASE_URL}/api/v2/liquidity/probe`, { method: 'POST' }),
      noParams,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { type: 'auth_error', code: 'invalid_token', message: 'Invalid or missing credentials' },
    });

    const org = await createTestOrganization({ rateLimitPerMinute: 1 });
    const ok = probe('/api/v2/liquidity/probe', async () => ({ ok: true }));
    expect((await signedProbe(ok, '/api/v2/liquidity/probe', org.credentials, '{"amount":"1"}')).status).toBe(
      200,
    );
    const limited = await signedProbe(ok, '/api/v2/liquidity/probe', org.credentials, '{"amount":"1"}');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { type: 'rate_limit_error', code: 'too_many_requests', message: 'Rate limit exceeded' },
    });
  });

  it('422 lists one message per failing field, each starting with its path, in both envelopes', async () => {
    const org = await createTestOrganization();
    const ok = async () => ({ ok: true });
    const payouts = await signedProbe(
      probe('/api/v2/probe', ok),
      '/api/v2/probe',
      org.credentials,
      '{"amount":"ten","colour":"red"}',
    );
    expect(payouts.status).toBe(422);
    expect(await payouts.json()).toEqual({
      statusCode: 422,
      code: 'invalid_parameter',
      message: ['amount: must be a decimal string', 'colour: is not a recognised field'],
      errors: [
        { field: 'amount', code: 'invalid_format', message: 'amount: must be a decimal string' },
        { field: 'colour', code: 'unknown_field', message: 'colour: is not a recognised field' },
      ],
    });
    const liquidity = await signedProbe(
      probe('/api/v2/liquidity/probe', ok),
      '/api/v2/liquidity/probe',
      org.credentials,
      '{}',
    );
    expect(liquidity.status).toBe(422);
    expect(await liquidity.json()).toMatchObject({
      error: {
        type: 'validation_error',
        code: 'invalid_parameter',
        param: 'amount',
        message: 'amount: is required',
      },
    });
  });

  it('malformed JSON is 400, a wrong content type 415, an oversized body 413 — in the area envelope', async () => {
    const org = await createTestOrganization();
    const ok = async () => ({ ok: true });
    const malformed = await signedProbe(
      probe('/api/v2/probe', ok),
      '/api/v2/probe',
      org.credentials,
      '{"amount":',
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      statusCode: 400,
      code: 'invalid_json',
      message: 'Request body is not valid JSON',
    });

    const text = await signedProbe(
      probe('/api/v2/liquidity/probe', ok),
      '/api/v2/liquidity/probe',
      org.credentials,
      'amount=1',
      {
        'content-type': 'text/plain',
      },
    );
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({
      error: { type: 'validation_error', code: 'unsupported_media_type' },
    });

    const huge = JSON.stringify({ amount: '1', padding: 'x'.repeat(1_100_000) });
    const tooLarge = await signedProbe(probe('/api/v2/probe', ok), '/api/v2/probe', org.credentials, huge);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      statusCode: 413,
      code: 'payload_too_large',
      message: 'Request body must not exceed 1048576 bytes',
    });
  });
});

describe('routing and versioning', () => {
  it.each([
    ['/api/v1/payouts', 'API v1 has been sunset; use /api/v2'],
    ['/api/v1', 'API v1 has been sunset; use /api/v2'],
    ['/api/payouts', 'Not found'],
    ['/api/v2/nothing-here', 'Not found'],
  ])('%s is 404 in the payouts envelope', async (path, message) => {
    for (const method of ['GET', 'POST']) {
      const response = await routeFetch(`${TEST_BASE_URL}${path}`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ statusCode: 404, code: 'resource_not_found', message });
    }
  });

  it('an unknown liquidity path is 404 resource_not_found', async () => {
    const response = await routeFetch(`${TEST_BASE_URL}/api/v2/liquidity/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { type: 'validation_error', code: 'resource_not_found', message: 'Not found' },
    });
  });

  it('a wrong method is 405 with Allow, before authentication', async () => {
    const response = await routeFetch(`${TEST_BASE_URL}/api/v2/funding/balance`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await response.json()).toEqual({
      statusCode: 405,
      code: 'method_not_allowed',
      message: 'Method DELETE is not allowed here',
    });
  });

  it('a deprecated operation carries Deprecation, Sunset and Link headers; others do not', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const deprecated = await client.send('GET', '/api/v2/funding/address');
    expect(deprecated.status).toBe(200);
    expect(deprecated.headers.get('deprecation')).toBe('true');
    expect(deprecated.headers.get('sunset')).toBe('Wed, 31 Mar 2027 00:00:00 GMT');
    expect(deprecated.headers.get('link')).toBe(
      '<http://localhost:3000/docs/changelog#deprecations>; rel="deprecation"',
    );
    const current = await client.send('GET', '/api/v2/funding/addresses');
    expect(current.headers.get('deprecation')).toBeNull();
  });

  it('echoes a well-formed X-Request-Id and mints one otherwise', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const echoed = await client.send('GET', '/api/v2/funding/balance', {
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    const minted = await client.send('GET', '/api/v2/funding/balance', {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(minted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unauthenticated = await routeFetch(`${TEST_BASE_URL}/api/v2/funding/balance`);
    expect(unauthenticated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('roles and entitlements', () => {
  it('a member key cannot do what needs an approver: 403', async () => {
    const org = await createTestOrganization({ role: 'member' });
    const client = apiClient(org.credentials);
    expect((await client.send('GET', '/api/v2/funding/balance')).status).toBe(200);
    const refused = await client.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '5' } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      statusCode: 403,
      code: 'forbidden',
      message: 'This operation requires the approver role',
    });
  });

  it('an organization without the payouts product gets 403 on payouts routes (funding reads are open to it)', async () => {
    const org = await createTestOrganization({ entitlements: ['liquidity_management'] });
    const client = apiClient(org.credentials);
    const refused = await client.send('GET', '/api/v2/payouts');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      statusCode: 403,
      code: 'forbidden',
      message: 'This organization is not entitled to payouts',
    });
    const me = await client.request<{ entitlements: string[] }>('GET', '/api/v2/organizations/me');
    expect(me.data.entitlements).toEqual(['liquidity_management']);
  });

  it('organizations/me answers only for the caller', async () => {
    const a = await createTestOrganization({ name: 'Alpha Ltd' });
    const b = await createTestOrganization({ name: 'Beta GmbH' });
    const meA = await apiClient(a.credentials).request<{ id: string; name: string }>(
      'GET',
      '/api/v2/organizations/me',
    );
    const meB = await apiClient(b.credentials).request<{ id: string; name: string }>(
      'GET',
      '/api/v2/organizations/me',
    );
    expect(meA.data).toMatchObject({ id: a.orgId, name: 'Alpha Ltd' });
    expect(meB.data).toMatchObject({ id: b.orgId, name: 'Beta GmbH' });
  });
});

describe('pagination', () => {
  it.each([
    ['limit=0', 'limit: must be between 1 and 100'],
    ['limit=101', 'limit: must be between 1 and 100'],
    ['limit=-1', 'limit: must be between 1 and 100'],
    ['limit=abc', 'limit: must be a whole number'],
    ['page=0', 'page: must be at least 1'],
    ['page=1.5', 'page: must be a whole number'],
    ['type=nonsense', 'type: must be one of'],
    ['created_from=yesterday', 'created_from: must be an ISO 8601 timestamp'],
  ])('%s is a structured 422', async (query, message) => {
    const org = await createTestOrganization();
    const response = await apiClient(org.credentials).send('GET', `/api/v2/funding/transactions?${query}`);
    expect(response.status).toBe(422);
    const body = (await response.json()) as {
      statusCode: number;
      message: string[];
      errors: { field: string }[];
    };
    expect(body.statusCode).toBe(422);
    expect(body.message[0]).toContain(message);
    expect(body.errors[0]?.field).toBe(query.split('=')[0]);
  });

  it('pages through movements newest first, past the end is empty, and filters change the total', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    for (const amount of ['1', '2', '3', '4', '5']) {
      await client.request('POST', '/api/v2/sandbox/deposits', { body: { amount } });
    }
    type Page = {
      items: { amount: string; type: string }[];
      meta: { limit: number; page: number; total: number };
    };
    const first = await client.request<Page>('GET', '/api/v2/funding/transactions?limit=2');
    expect(first.data.meta).toEqual({ limit: 2, page: 1, total: 5, has_more: true });
    expect(first.data.items.map((i) => i.amount)).toEqual(['5.00', '4.00']);
    const last = await client.request<Page>('GET', '/api/v2/funding/transactions?limit=2&page=3');
    expect(last.data.items.map((i) => i.amount)).toEqual(['1.00']);
    const beyond = await client.request<Page>('GET', '/api/v2/funding/transactions?limit=2&page=4');
    expect(beyond.data).toEqual({ items: [], meta: { limit: 2, page: 4, total: 5, has_more: false } });

    const filtered = await client.request<Page>('GET', '/api/v2/funding/transactions?type=withdrawal_hold');
    expect(filtered.data.meta.total).toBe(0);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const before = await client.request<Page>(
      'GET',
      `/api/v2/funding/transactions?type=deposit&created_to=${future}&limit=100`,
    );
    expect(before.data.meta.total).toBe(5);
    const after = await client.request<Page>('GET', `/api/v2/funding/transactions?created_from=${future}`);
    expect(after.data.meta.total).toBe(0);
  });

  it('the shared pagination query applies defaults', () => {
    expect(paginationQuery.parse({})).toEqual({ limit: 50, page: 1 });
    expect(paginationQuery.parse({ limit: '100', page: '99999' })).toEqual({ limit: 100, page: 99999 });
  });
});
