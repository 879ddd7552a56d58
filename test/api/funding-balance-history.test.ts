// The daily balance history through the real handler: closing balances per UTC day from the ledger, only the caller's.
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { creditDeposit } from '@/lib/funding/server/deposits';
import { ensureOrgAccounts } from '@/lib/ledger/server/accounts';
import { postTransaction } from '@/lib/ledger/server/post-transaction';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

interface History {
  currency: string;
  items: { date: string; available: string; held: string }[];
}

describe('GET /api/v2/funding/balance/history', () => {
  it('gives the closing available and held balance of each day, carrying quiet days forward, ending at the live balance', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    // Before the window: part of the opening balance.
    await creditDeposit(db(), { orgId: org.orgId, amount: '100', at: daysAgo(40) });
    await creditDeposit(db(), { orgId: org.orgId, amount: '250.5', at: daysAgo(5) });
    const accounts = await ensureOrgAccounts(db(), org.orgId);
    await db().transaction((tx) =>
      postTransaction(tx, {
        orgId: org.orgId,
        type: 'batch_hold',
        description: 'Hold for a batch',
        createdAt: daysAgo(2),
        entries: [
          { accountId: accounts.available, amount: '-50.25' },
          { accountId: accounts.held, amount: '50.25' },
        ],
      }),
    );
    await client.request('POST', '/api/v2/sandbox/deposits', { body: { amount: '10' } });
    // Another organization's money never shows here.
    const other = await createTestOrganization();
    await creditDeposit(db(), { orgId: other.orgId, amount: '999', at: daysAgo(3) });

    const response = await client.request<History>('GET', '/api/v2/funding/balance/history?days=7');

    expect(response.status).toBe(200);
    expect(response.data.currency).toBe('USDT');
    expect(response.data.items.map((item) => item.date)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((n) => utcDay(daysAgo(n))),
    );
    expect(response.data.items.map((item) => [item.available, item.held])).toEqual([
      ['100.00', '0.00'],
      ['350.50', '0.00'],
      ['350.50', '0.00'],
      ['350.50', '0.00'],
      ['300.25', '50.25'],
      ['300.25', '50.25'],
      ['310.25', '50.25'],
    ]);
    const balance = await client.request<{ available: string; held: string }>(
      'GET',
      '/api/v2/funding/balance',
    );
    expect(response.data.items.at(-1)).toMatchObject({
      available: balance.data.available,
      held: balance.data.held,
    });
  });

  it('covers the last 30 days by default, and refuses a window outside 1–90 days', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);

    const history = await client.request<History>('GET', '/api/v2/funding/balance/history');
    expect(history.data.items).toHaveLength(30);
    expect(history.data.items.every((item) => item.available === '0.00' && item.held === '0.00')).toBe(true);

    for (const days of ['0', '91', 'ten']) {
      const refused = await client.send('GET', `/api/v2/funding/balance/history?days=${days}`);
      expect(refused.status).toBe(422);
    }
  });
});
