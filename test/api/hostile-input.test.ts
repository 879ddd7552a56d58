// Input a client controls must never reach a 500: huge page numbers, malformed cookies, deeply nested bodies.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@/lib/platform/operations/operation';
import { apiClient, routeFetch, TEST_BASE_URL } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization, fund } from '../fixtures';

await useTestDatabase();

type Page = { items: unknown[]; meta: { limit: number; page: number; total: number } };

describe('hostile input', () => {
  it.each(['99999999999999999999', '9007199254740993', '9007199254740991'])(
    'page=%s answers 200 with no items and the right total',
    async (page) => {
      const org = await createTestOrganization();
      await fund(org.orgId, '10');
      await fund(org.orgId, '5');
      const client = apiClient(org.credentials);
      const response = await client.send('GET', `/api/v2/funding/transactions?limit=100&page=${page}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Page;
      expect(body.items).toEqual([]);
      expect(body.meta.total).toBe(2);
    },
  );

  it('a malformed session cookie is no session (401), not a 500', async () => {
    const response = await routeFetch(`${TEST_BASE_URL}/api/v2/funding/balance`, {
      headers: { cookie: 'payout.session-token=%E0%A4%A' },
    });
    expect(response.status).toBe(401);
  });

  it('a 6,000-character X-Forwarded-For on a failed authentication is a 401, not a 500', async () => {
    const response = await routeFetch(`${TEST_BASE_URL}/api/v2/funding/balance`, {
      headers: {
        'x-api-key': 'sk_sandbox_nope',
        authorization: 'Bearer x.y.z',
        // Random (incompressible) text: PostgreSQL would compress a repeated character below the index's limit.
        'x-forwarded-for': randomBytes(4500).toString('base64'),
      },
    });
    expect(response.status).toBe(401);
  });

  /** `{"a":[[[…]]]}`: an object holding arrays nested to `depth` levels in all. */
  const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

  it.each([
    ['a bodyless POST', 'POST', '/api/v2/payouts/:id/cancel'],
    ['a bodyless POST', 'POST', '/api/v2/senders/:id/submit'],
    ['a JSON POST', 'POST', '/api/v2/sandbox/deposits'],
  ])(
    'a body nested 5,000 levels deep sent to %s (%s %s) is a 422 in the payouts envelope',
    async (_kind, method, path) => {
      const org = await createTestOrganization();
      const response = await apiClient(org.credentials).send(method, path.replace(':id', randomUUID()), {
        rawBody: nested(5000),
        headers: { 'content-type': 'application/json' },
        idempotencyKey: 'deep',
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        statusCode: 422,
        code: 'invalid_parameter',
        message: [`(body): must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`],
        errors: [
          {
            field: '(body)',
            code: 'too_deep',
            message: `(body): must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`,
          },
        ],
      });
    },
  );

  it.each([
    ['a bodyless DELETE', 'DELETE', '/api/v2/liquidity/management/wallets/:id'],
    ['a JSON POST', 'POST', '/api/v2/liquidity/management/wallets'],
  ])(
    'a body nested 5,000 levels deep sent to %s is a 422 in the liquidity envelope',
    async (_kind, method, path) => {
      const org = await createTestOrganization({ entitlements: ['liquidity_management'] });
      const response = await apiClient(org.credentials).send(method, path.replace(':id', randomUUID()), {
        rawBody: nested(5000),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        error: {
          type: 'validation_error',
          code: 'invalid_parameter',
          param: '(body)',
          message: `(body): must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`,
          errors: [
            {
              field: '(body)',
              code: 'too_deep',
              message: `(body): must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`,
            },
          ],
        },
      });
    },
  );

  it(`a body nested exactly ${MAX_JSON_DEPTH} levels deep is parsed as usual (here: not the deposit's shape)`, async () => {
    const org = await createTestOrganization();
    const response = await apiClient(org.credentials).send('POST', '/api/v2/sandbox/deposits', {
      rawBody: nested(MAX_JSON_DEPTH),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).not.toContain('too_deep');
  });
});
