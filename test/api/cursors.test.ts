// Cursor pagination (DESIGN "Cursors") on the lists a client reconciles against: events, funding transactions, orders,
// withdrawals. A cursor continues from an item whatever arrived meanwhile (no item seen twice, none skipped), pages
// backwards with ending_before, says has_more, and refuses what cannot be meant (a cursor with page > 1, both cursors,
// an id that is not in the list) with a 422 naming the parameter.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { chains } from '@/db/schema/platform/chains';
import { sandboxAddress } from '@/lib/platform/chains/addresses';
import { resetEnvCache } from '@/lib/platform/env';
import { newId } from '@/lib/platform/ids';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization, fund } from '../fixtures';
import { createPayoutOrg, orderItem } from '../payouts-fixtures';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

type Client = ReturnType<typeof apiClient>;
interface Page {
  items: { id: string }[];
  meta: { limit: number; page: number; total: number; has_more: boolean };
}

async function page(client: Client, path: string): Promise<Page> {
  const response = await client.request<Page>('GET', path);
  expect(response.status, JSON.stringify(response.data)).toBe(200);
  return response.data;
}

const sep = (path: string) => (path.includes('?') ? '&' : '?');

/** Every id of the list, read forwards with starting_after, `limit` at a time; `between` runs after each page. */
async function walk(client: Client, path: string, limit: number, between?: () => Promise<void>) {
  const ids: string[] = [];
  let after: string | undefined;
  for (let guard = 0; guard < 50; guard += 1) {
    const got = await page(
      client,
      `${path}${sep(path)}limit=${limit}${after ? `&starting_after=${after}` : ''}`,
    );
    ids.push(...got.items.map((item) => item.id));
    if (!got.meta.has_more) return ids;
    after = got.items.at(-1)!.id;
    await between?.();
  }
  throw new Error('the walk did not end');
}

describe('cursor pagination', () => {
  it('funding transactions: a walk with starting_after sees each movement once while new ones arrive', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    for (const amount of ['1', '2', '3', '4', '5']) await fund(org.orgId, amount);
    const before = (await page(client, '/api/v2/funding/transactions?limit=100')).items.map((m) => m.id);

    // A deposit arriving between pages goes to the front: the cursor walk neither repeats nor skips anything.
    let arrived = 0;
    const walked = await walk(client, '/api/v2/funding/transactions', 2, async () => {
      arrived += 1;
      await fund(org.orgId, `${10 + arrived}`);
    });
    expect(walked).toEqual(before);

    const all = await page(client, '/api/v2/funding/transactions?limit=100');
    expect(all.meta).toEqual({ limit: 100, page: 1, total: 5 + arrived, has_more: false });
  });

  it('ending_before pages backwards, in the list order, with has_more for what is newer still', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    for (const amount of ['1', '2', '3', '4', '5']) await fund(org.orgId, amount);
    const all = (await page(client, '/api/v2/funding/transactions?limit=100')).items.map((m) => m.id);

    const back = await page(client, `/api/v2/funding/transactions?limit=2&ending_before=${all[3]}`);
    expect(back.items.map((m) => m.id)).toEqual([all[1], all[2]]);
    expect(back.meta).toEqual({ limit: 2, page: 1, total: 5, has_more: true });
    const first = await page(client, `/api/v2/funding/transactions?limit=2&ending_before=${all[1]}`);
    expect(first.items.map((m) => m.id)).toEqual([all[0]]);
    expect(first.meta.has_more).toBe(false);
    const last = await page(client, `/api/v2/funding/transactions?limit=2&starting_after=${all[2]}`);
    expect(last.items.map((m) => m.id)).toEqual([all[3], all[4]]);
    expect(last.meta.has_more).toBe(false);
  });

  it('offset pages say has_more too', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    for (const amount of ['1', '2', '3']) await fund(org.orgId, amount);
    expect((await page(client, '/api/v2/funding/transactions?limit=2')).meta).toEqual({
      limit: 2,
      page: 1,
      total: 3,
      has_more: true,
    });
    expect((await page(client, '/api/v2/funding/transactions?limit=2&page=2')).meta.has_more).toBe(false);
  });

  it('events: the same walk over the public events, with a type filter', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    for (const amount of ['1', '2', '3', '4']) await fund(org.orgId, amount);
    const path = '/api/v2/events?type=funding.deposit_credited';
    const before = (await page(client, `${path}&limit=100`)).items.map((e) => e.id);
    expect(before).toHaveLength(4);
    const walked = await walk(client, path, 3, () => fund(org.orgId, '9'));
    expect(walked).toEqual(before);
  });

  it('orders: orders created together (one created_at) are walked in id order, each once', async () => {
    const org = await createPayoutOrg({ balance: '1000' });
    const created = await org.client.request('POST', '/api/v2/payouts', {
      body: { orders: ['10', '11', '12', '13', '14'].map((amount) => orderItem(org, `${amount}.00`)) },
    });
    expect(created.status).toBe(201);
    const all = (await page(org.client, '/api/v2/orders?limit=100')).items.map((o) => o.id);
    expect(all).toHaveLength(5);
    expect(await walk(org.client, '/api/v2/orders', 2)).toEqual(all);
    expect(await walk(org.client, '/api/v2/orders?status=DRAFT', 4)).toEqual(all);
  });

  it('withdrawals: the same walk, ordered as accepted', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    await fund(org.orgId, '1000');
    const [tron] = await db().select({ id: chains.id }).from(chains).where(eq(chains.code, 'tron'));
    const wallet = await client.request<{ id: string }>('POST', '/api/v2/liquidity/management/wallets', {
      body: { chain_id: tron!.id, address: sandboxAddress('tron') },
    });
    for (const amount of ['1', '2', '3', '4', '5']) {
      const made = await client.request('POST', '/api/v2/liquidity/management/withdrawals', {
        body: { amount, wallet_id: wallet.data.id },
      });
      expect(made.status).toBe(201);
    }
    const path = '/api/v2/liquidity/management/withdrawals';
    const all = (await page(client, `${path}?limit=100`)).items.map((w) => w.id);
    expect(all).toHaveLength(5);
    expect(await walk(client, path, 2)).toEqual(all);
    const back = await page(client, `${path}?limit=3&ending_before=${all[4]}`);
    expect(back.items.map((w) => w.id)).toEqual(all.slice(1, 4));
    expect(back.meta).toEqual({ limit: 3, page: 1, total: 5, has_more: true });
  });

  it('refuses a cursor with page > 1, both cursors, and an id that is not in the list (422 naming the parameter)', async () => {
    const org = await createTestOrganization();
    const other = await createTestOrganization();
    const client = apiClient(org.credentials);
    await fund(org.orgId, '1');
    await fund(other.orgId, '1');
    const mine = (await page(client, '/api/v2/funding/transactions')).items[0]!.id;
    const theirs = (await page(apiClient(other.credentials), '/api/v2/funding/transactions')).items[0]!.id;

    const cases: [string, string, string][] = [
      [
        `starting_after=${mine}&page=2`,
        'page',
        'page: must be 1 (or absent) with starting_after or ending_before',
      ],
      [
        `starting_after=${mine}&ending_before=${mine}`,
        'ending_before',
        'ending_before: cannot be combined with starting_after',
      ],
      [`starting_after=${newId()}`, 'starting_after', 'starting_after: no such item in this list'],
      [`ending_before=${theirs}`, 'ending_before', 'ending_before: no such item in this list'],
      ['starting_after=nope', 'starting_after', 'starting_after: must be the id of an item of this list'],
    ];
    for (const [query, field, message] of cases) {
      for (const path of ['/api/v2/funding/transactions', '/api/v2/events', '/api/v2/orders']) {
        const response = await client.send('GET', `${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(422);
        const body = (await response.json()) as { message: string[]; errors: { field: string }[] };
        expect(body.errors[0]!.field).toBe(field);
        expect(body.message).toEqual([message]);
      }
    }
    const withdrawals = await client.send(
      'GET',
      `/api/v2/liquidity/management/withdrawals?starting_after=${newId()}`,
    );
    expect(withdrawals.status).toBe(422);
    expect(((await withdrawals.json()) as { error: { param: string } }).error.param).toBe('starting_after');
  });
});
