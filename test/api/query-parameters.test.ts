// Query strings as real clients send them (DESIGN "Date-times in queries"): any RFC 3339 offset is one instant in UTC,
// a malformed or unrepresentable date-time is a 422 before any byte of the answer, and a repeated parameter is answered
// with its last value only when every value is valid. A parameter the operation does not take is refused by the
// sandbox and named by production, never silently dropped.
import { afterEach, describe, expect, it } from 'vitest';
import { now } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization, fund } from '../fixtures';
import { createPayoutOrg, orderItem, type PayoutOrg } from '../payouts-fixtures';

await useTestDatabase();

/** `2026-01-01T00:00:00+23:00` as it must travel in a query: the `+` escaped (a bare `+` is a space). */
const q = (value: string) => encodeURIComponent(value);

async function get<T = unknown>(org: PayoutOrg, path: string) {
  const response = await org.client.send('GET', path);
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null) as T,
  };
}

/** `at` rendered with a whole-hour offset: the same instant, written as a client in that zone would. */
function withOffset(at: Date, hours: number): string {
  const local = new Date(at.getTime() + hours * 3_600_000).toISOString().slice(0, 19);
  const sign = hours < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`;
}

describe('date-times in queries', () => {
  it.each(['2026-01-01T00:00:00+23:00', '2026-01-01T00:00:00-16:00', '2026-01-01T00:00:00.123456+05:45'])(
    'created_to=%s is answered on listBatches and listOrders (no 500)',
    async (value) => {
      const org = await createPayoutOrg();
      for (const path of ['/api/v2/payouts', '/api/v2/orders']) {
        const response = await get<{ items: unknown[] }>(org, `${path}?created_to=${q(value)}`);
        expect(response.status, `${path}: ${response.text}`).toBe(200);
        expect(response.body.items).toEqual([]);
      }
    },
  );

  it('an offset names the same instant as its UTC form: the filters bound exactly there', async () => {
    const org = await createPayoutOrg({ balance: '1000' });
    const before = new Date(now().getTime() - 1000);
    const created = await org.client.send('POST', '/api/v2/payouts', {
      body: { orders: [orderItem(org, '10.00')] },
    });
    expect(created.status).toBe(201);
    const after = new Date(now().getTime() + 1000);

    for (const hours of [23, -16, 5]) {
      const inside = await get<{ meta: { total: number } }>(
        org,
        `/api/v2/orders?created_from=${q(withOffset(before, hours))}&created_to=${q(withOffset(after, hours))}`,
      );
      expect(inside.status).toBe(200);
      expect(inside.body.meta.total).toBe(1);
      const later = await get<{ meta: { total: number } }>(
        org,
        `/api/v2/payouts?created_from=${q(withOffset(after, hours))}`,
      );
      expect(later.body.meta.total).toBe(0);
    }

    const csv = await get(
      org,
      `/api/v2/orders/export?from=${q(withOffset(before, 23))}&to=${q(withOffset(after, -16))}`,
    );
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\r\n')).toHaveLength(2);
  });

  it.each([
    ['created_to=2026-01-01T00:00:00%2B24:00', 'created_to: must be an ISO 8601 timestamp'],
    ['created_to=2026-01-01T00:00:00+23:00', 'created_to: must be an ISO 8601 timestamp'],
    ['created_to=2026-02-30T00:00:00Z', 'created_to: must be an ISO 8601 timestamp'],
    [
      'created_from=0001-01-01T00:00:00%2B01:00',
      'created_from: must fall between years 0001 and 9999 in UTC',
    ],
    ['created_to=9999-12-31T23:00:00-16:00', 'created_to: must fall between years 0001 and 9999 in UTC'],
  ])('%s is a 422 naming the field', async (query, message) => {
    const org = await createPayoutOrg();
    for (const path of [
      '/api/v2/payouts',
      '/api/v2/orders',
      '/api/v2/events',
      '/api/v2/funding/transactions',
    ]) {
      const response = await get<{ message: string[] }>(org, `${path}?${query}`);
      expect(response.status, path).toBe(422);
      expect(response.body.message).toEqual([message]);
    }
  });

  it('a malformed export period is a 422 before any byte of CSV', async () => {
    const org = await createPayoutOrg();
    const response = await get<{ message: string[] }>(
      org,
      `/api/v2/orders/export?from=${q('2026-01-01T00:00:00+23:00')}&to=9999-12-31T23:00:00-16:00`,
    );
    expect(response.status).toBe(422);
    expect(response.body.message).toEqual(['to: must fall between years 0001 and 9999 in UTC']);
  });
});

describe('repeated and empty parameters', () => {
  it.each([
    ['status=bogus&status=DRAFT', 'status: must be one of'],
    ['limit=500&limit=5', 'limit: must be between 1 and 100'],
    ['limit=5&limit=500', 'limit: must be between 1 and 100'],
    ['page=0&limit=5&page=2', 'page: must be at least 1'],
    ['limit=', 'limit: must be a whole number'],
    ['page=', 'page: must be a whole number'],
    ['limit=5&limit=', 'limit: must be a whole number'],
  ])('%s is a 422 naming the parameter', async (query, message) => {
    const org = await createPayoutOrg();
    const response = await get<{ message: string[]; errors: { field: string }[] }>(
      org,
      `/api/v2/orders?${query}`,
    );
    expect(response.status).toBe(422);
    expect(response.body.message).toHaveLength(1);
    expect(response.body.message[0]).toContain(message);
    expect(response.body.errors[0]!.field).toBe(message.split(':')[0]);
  });

  it('when every value is valid, the last one wins', async () => {
    const org = await createPayoutOrg();
    const response = await get<{ meta: { limit: number; page: number } }>(
      org,
      '/api/v2/orders?limit=5&page=3&limit=7&status=DRAFT&status=COMPLETED',
    );
    expect(response.status).toBe(200);
    expect(response.body.meta).toMatchObject({ limit: 7, page: 3 });
  });
});

describe('a JSON null body', () => {
  it('is a 422 where the operation takes an object, while no body at all still counts as {}', async () => {
    const org = await createPayoutOrg();
    const nullBody = await org.client.send('POST', '/api/v2/payouts', {
      rawBody: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expect(nullBody.status).toBe(422);
    expect(((await nullBody.json()) as { message: string[] }).message).toEqual(['(body): must be an object']);
    const empty = await org.client.send('POST', '/api/v2/payouts');
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { message: string[] }).message).toEqual(['orders: is required']);
  });
});

describe('parameters an operation does not take', () => {
  afterEach(() => {
    process.env.APP_ENV = 'sandbox';
    resetEnvCache();
  });

  it('the sandbox refuses a misspelt filter with 422 unknown_parameter naming it, in the payouts envelope', async () => {
    const org = await createTestOrganization();
    const response = await apiClient(org.credentials).send(
      'GET',
      '/api/v2/funding/transactions?limit=5&typ=deposit',
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      statusCode: 422,
      code: 'invalid_parameter',
      message: ['typ: is not a parameter of this operation'],
      errors: [
        { field: 'typ', code: 'unknown_parameter', message: 'typ: is not a parameter of this operation' },
      ],
    });
  });

  it('the sandbox names each one, in the liquidity envelope too, also where an operation takes no query', async () => {
    const org = await createTestOrganization({ entitlements: ['liquidity_management'] });
    const client = apiClient(org.credentials);
    const chains = await client.send('GET', '/api/v2/liquidity/management/chains?pagee=2&limit=5&sort=asc');
    expect(chains.status).toBe(422);
    expect(await chains.json()).toMatchObject({
      error: {
        type: 'validation_error',
        code: 'invalid_parameter',
        param: 'pagee',
        errors: [
          { field: 'pagee', code: 'unknown_parameter' },
          { field: 'sort', code: 'unknown_parameter' },
        ],
      },
    });
    const balance = await client.send('GET', '/api/v2/funding/balance?currency=USDT');
    expect(balance.status).toBe(422);
    expect(await balance.json()).toMatchObject({
      errors: [{ field: 'currency', code: 'unknown_parameter' }],
    });
  });

  it('production answers, and names what it ignored in X-Ignored-Parameters', async () => {
    const org = await createTestOrganization();
    await fund(org.orgId, '10');
    const client = apiClient(org.credentials);
    process.env.APP_ENV = 'production';
    resetEnvCache();
    const ignored = await client.send(
      'GET',
      '/api/v2/funding/transactions?typ=deposit&limit=5&a%2Cb=1&typ=x',
    );
    expect(ignored.status).toBe(200);
    expect(ignored.headers.get('x-ignored-parameters')).toBe('typ, a%2Cb');
    expect(((await ignored.json()) as { items: unknown[] }).items).toHaveLength(1);
    const clean = await client.send('GET', '/api/v2/funding/transactions?limit=5');
    expect(clean.status).toBe(200);
    expect(clean.headers.get('x-ignored-parameters')).toBeNull();
    const bodyless = await client.send('GET', '/api/v2/funding/balance?currency=USDT');
    expect(bodyless.status).toBe(200);
    expect(bodyless.headers.get('x-ignored-parameters')).toBe('currency');
  });
});
