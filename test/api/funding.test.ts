// Funding routes through the real handlers: balance, addresses, sandbox deposits and the ledger movements they leave.
import { describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/platform/env';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization, fund } from '../fixtures';

await useTestDatabase();

describe('funding', () => {
  it('a new organization has a zero balance and one funding address per chain', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);

    const balance = await client.request('GET', '/api/v2/funding/balance');
    expect(balance.status).toBe(200);
    expect(balance.data).toEqual({ currency: 'USDT', available: '0.00', held: '0.00', total: '0.00' });

    const addresses = await client.request<{ items: { chain: string; address: string }[] }>(
      'GET',
      '/api/v2/funding/addresses',
    );
    expect(addresses.data.items.map((a) => a.chain).sort()).toEqual(['ethereum', 'tron']);
    expect(addresses.data.items.find((a) => a.chain === 'tron')?.address).toMatch(
      /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
    );
    expect(addresses.data.items.find((a) => a.chain === 'ethereum')?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('a sandbox deposit credits the available balance and appears as a ledger movement', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);

    const deposit = await client.request<{ id: string; amount: string; chain: string }>(
      'POST',
      '/api/v2/sandbox/deposits',
      {
        body: { amount: '1250.5' },
      },
    );
    expect(deposit.status).toBe(201);
    expect(deposit.data).toMatchObject({
      amount: '1250.50',
      chain: 'tron',
      status: 'credited',
      currency: 'USDT',
    });

    const balance = await client.request('GET', '/api/v2/funding/balance');
    expect(balance.data).toEqual({ currency: 'USDT', available: '1250.50', held: '0.00', total: '1250.50' });

    const movements = await client.request<{ items: Record<string, unknown>[]; meta: unknown }>(
      'GET',
      '/api/v2/funding/transactions',
    );
    expect(movements.data.meta).toEqual({ limit: 50, page: 1, total: 1, has_more: false });
    expect(movements.data.items[0]).toMatchObject({
      type: 'deposit',
      amount: '1250.50',
      available_change: '1250.50',
      held_change: '0.00',
      reference_type: 'deposit',
      reference_id: deposit.data.id,
    });
  });

  it.each([
    ['12,50', 'amount: must be a decimal string such as "100.50"'],
    ['0', 'amount: must be greater than zero'],
    ['1.1234567', 'amount: must have at most 6 decimals'],
    ['1000000.01', 'amount: must be at most 1000000'],
  ])('a deposit of %s is a 422 naming the amount, and credits nothing', async (amount, message) => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const response = await client.send('POST', '/api/v2/sandbox/deposits', { body: { amount } });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string[] }).message).toContain(message);
    expect(
      (await client.request<{ available: string }>('GET', '/api/v2/funding/balance')).data.available,
    ).toBe('0.00');
  });

  it('the sandbox deposit route does not exist in production (404, nothing credited)', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    process.env.APP_ENV = 'production';
    resetEnvCache();
    try {
      const response = await client.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '5' } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        statusCode: 404,
        code: 'resource_not_found',
        message: 'Not found',
      });
    } finally {
      process.env.APP_ENV = 'sandbox';
      resetEnvCache();
    }
    expect(
      (await client.request<{ available: string }>('GET', '/api/v2/funding/balance')).data.available,
    ).toBe('0.00');
  });

  it('funding reads are open to any entitled organization: a liquidity-only one sees the balance it withdraws from', async () => {
    const treasury = await createTestOrganization({ entitlements: ['liquidity_management'] });
    await fund(treasury.orgId, '300');
    const client = apiClient(treasury.credentials);
    const balance = await client.send('GET', '/api/v2/funding/balance');
    expect(balance.status).toBe(200);
    expect(await balance.json()).toMatchObject({ available: '300.00', held: '0.00' });
    for (const path of [
      '/api/v2/funding/addresses',
      '/api/v2/funding/balance/history?days=2',
      '/api/v2/funding/transactions',
      '/api/v2/funding/statement?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z',
    ]) {
      expect((await client.send('GET', path)).status, path).toBe(200);
    }
    // Reads only: simulating a deposit stays with the payouts product.
    const deposit = await client.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '5' } });
    expect(deposit.status).toBe(403);

    // An organization entitled to nothing at all still reads nothing.
    const none = await createTestOrganization({ entitlements: [] });
    const refused = await apiClient(none.credentials).send('GET', '/api/v2/funding/balance');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ statusCode: 403, code: 'forbidden' });
  });
});
