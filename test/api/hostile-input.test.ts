// Input a client controls must never reach a 500: huge page numbers and malformed cookies.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
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
});
