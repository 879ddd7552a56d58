// Concurrency through the real routes: a batch is confirmed exactly once however many requests race, and batches
// racing for one balance never overspend it; afterwards the ledger sums to zero and no balance is negative.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { resetEnvCache } from '@/lib/platform/env';
import { dec } from '@/lib/platform/money';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { addApiKey, fund } from '../fixtures';
import { balanceOf, createPayoutOrg, ledgerInvariants, orderItem } from '../payouts-fixtures';

await useTestDatabase();
// Room for 50 requests at once without queueing every one behind a handful of connections.
process.env.DB_POOL_MAX = '12';
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

interface BatchWithOrders {
  batch: { id: string; status: string; source_amount_total: string };
  orders: { status: string }[];
}

describe('concurrent confirms', () => {
  it('50 parallel confirms of one batch: exactly one succeeds, the rest are 409, one hold', async () => {
    const org = await createPayoutOrg({ balance: '100000' });
    const created = await org.client.request<BatchWithOrders>('POST', '/api/v2/payouts', {
      body: { orders: [orderItem(org, '1000.00'), orderItem(org, '2500.00')] },
    });
    const id = created.data.batch.id;
    // Separate keys as well as one key, so neither a key's rate limit nor its token replay check decides the race.
    const clients = await Promise.all(
      Array.from({ length: 5 }, async () => apiClient(await addApiKey(org.orgId, { role: 'approver' }))),
    );
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        clients[i % clients.length]!.send('POST', `/api/v2/payouts/${id}/confirm`),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const [holds] = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where type = 'batch_hold' and reference_id = ${id}`,
    );
    expect(holds!.n).toBe(1);
    expect((await balanceOf(org.orgId)).held).toBe(created.data.batch.source_amount_total);
    expect(await ledgerInvariants()).toMatchObject({ unbalanced: 0, negative: 0 });
  });

  it('20 batches racing for a balance that covers 10: exactly 10 confirm, the others are "funding balance is short"', async () => {
    const org = await createPayoutOrg();
    const batches = [];
    for (let i = 0; i < 20; i += 1) {
      const created = await org.client.request<BatchWithOrders>('POST', '/api/v2/payouts', {
        body: { orders: [orderItem(org, '1000.00')] },
      });
      batches.push(created.data.batch);
    }
    const each = dec(batches[0]!.source_amount_total); // 1120.24
    // Funded after the drafts were quoted: quoting holds nothing.
    await fund(org.orgId, each.times(10).plus('0.01').toFixed());
    const clients = await Promise.all(
      Array.from({ length: 4 }, async () => apiClient(await addApiKey(org.orgId, { role: 'approver' }))),
    );
    const responses = await Promise.all(
      batches.map((batch, i) =>
        clients[i % clients.length]!.send('POST', `/api/v2/payouts/${batch.id}/confirm`),
      ),
    );
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ message?: string }>));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = bodies.filter((_, i) => responses[i]!.status === 400);
    expect(refused).toHaveLength(10);
    expect(refused.every((body) => body.message === 'funding balance is short')).toBe(true);
    expect(await balanceOf(org.orgId)).toMatchObject({ available: '0.01', held: each.times(10).toFixed(2) });
    const invariants = await ledgerInvariants();
    expect(dec(invariants.total).isZero()).toBe(true);
    expect(invariants).toMatchObject({ unbalanced: 0, negative: 0 });
  });
});
