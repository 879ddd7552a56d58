// One time base per organization (DESIGN "Time bases"): after its sandbox clock moves, every business record and
// public event of the organization — deposits, wallets, withdrawals, batches, orders, ledger movements — carries its
// clock, so one /events stream has one base and a created_from filter means the same thing everywhere.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { chains } from '@/db/schema/platform/chains';
import { events } from '@/db/schema/platform/events';
import { sandboxAddress } from '@/lib/platform/chains/addresses';
import { now } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { useTestDatabase } from '../db';
import { createPayoutOrg, orderItem } from '../payouts-fixtures';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

const DAYS_AHEAD = 30;
const DAY_MS = 86_400_000;

interface Page<T> {
  items: T[];
  meta: { total: number };
}

describe('one time base per organization', () => {
  it('after a clock move, deposits, wallets, withdrawals, batches, ledger movements and their events all read the organization clock', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const { client } = org;
    const moved = await client.request<{ now: string }>('POST', '/api/v2/sandbox/clock', {
      body: { advance_seconds: DAYS_AHEAD * 86_400 },
    });
    expect(moved.status).toBe(200);
    const orgNow = new Date(moved.data.now).getTime();
    const realNow = now().getTime();
    // Anything stamped at or after this instant is on the organization clock; real time is 30 days earlier.
    const since = new Date(orgNow - 60_000).toISOString();
    const onOrgClock = (at: string) => {
      const t = new Date(at).getTime();
      return t >= orgNow - 60_000 && t > realNow + (DAYS_AHEAD - 1) * DAY_MS;
    };

    const deposit = await client.request<{ created_at: string }>('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '100' },
    });
    expect(deposit.status).toBe(201);
    expect(onOrgClock(deposit.data.created_at), deposit.data.created_at).toBe(true);

    const [tron] = await db().select({ id: chains.id }).from(chains).where(eq(chains.code, 'tron'));
    const wallet = await client.request<{
      id: string;
      created_at: string;
      usable_from: string;
      status: string;
    }>('POST', '/api/v2/liquidity/management/wallets', {
      body: { chain_id: tron!.id, address: sandboxAddress('tron'), label: 'Cold' },
    });
    expect(wallet.status).toBe(201);
    expect(onOrgClock(wallet.data.created_at), wallet.data.created_at).toBe(true);
    expect(onOrgClock(wallet.data.usable_from)).toBe(true);
    expect(wallet.data.status).toBe('ACTIVE');

    const withdrawal = await client.request<{ id: string; created_at: string }>(
      'POST',
      '/api/v2/liquidity/management/withdrawals',
      { body: { amount: '40', wallet_id: wallet.data.id } },
    );
    expect(withdrawal.status).toBe(201);
    expect(onOrgClock(withdrawal.data.created_at), withdrawal.data.created_at).toBe(true);
    let advanced = withdrawal.data as { updated_at?: string; status?: string };
    for (let step = 0; step < 4; step += 1) {
      advanced = (
        await client.request<{ updated_at: string; status: string }>(
          'POST',
          `/api/v2/sandbox/withdrawals/${withdrawal.data.id}/advance`,
        )
      ).data;
    }
    expect(advanced.status).toBe('COMPLETED');
    expect(onOrgClock(advanced.updated_at!), advanced.updated_at).toBe(true);

    const batch = await client.request<{ batch: { id: string; created_at: string } }>(
      'POST',
      '/api/v2/payouts',
      {
        body: { orders: [orderItem(org, '10.00')] },
      },
    );
    expect(batch.status).toBe(201);
    expect((await client.request('POST', `/api/v2/payouts/${batch.data.batch.id}/confirm`)).status).toBe(200);

    const movements = await client.request<Page<{ type: string; created_at: string }>>(
      'GET',
      '/api/v2/funding/transactions?limit=100',
    );
    const recent = movements.data.items.filter((m) => m.type !== 'deposit' || m.created_at >= since);
    expect(recent.map((m) => m.type).sort()).toEqual(
      ['batch_hold', 'deposit', 'withdrawal_hold', 'withdrawal_sent'].sort(),
    );
    for (const movement of recent) expect(onOrgClock(movement.created_at), movement.type).toBe(true);

    // Every public event since the move is on the organization clock: none hides before `since` in real time.
    const all = await client.request<Page<{ type: string; created_at: string }>>(
      'GET',
      '/api/v2/events?limit=100',
    );
    const after = await client.request<Page<{ type: string; created_at: string }>>(
      'GET',
      `/api/v2/events?limit=100&created_from=${encodeURIComponent(since)}`,
    );
    const moveAndAfter = all.data.items.filter((e) => new Date(e.created_at).getTime() > realNow + 60_000);
    expect(after.data.items.map((e) => e.type).sort()).toEqual(moveAndAfter.map((e) => e.type).sort());
    expect(after.data.items.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'funding.deposit_credited',
        'wallet.added',
        'withdrawal.submitted',
        'withdrawal.completed',
        'batch.confirmed',
        'order.awaiting_deposit',
      ]),
    );
    // What people did stays in real time: the internal record of the clock move itself.
    const [move] = await db()
      .select({ createdAt: events.createdAt })
      .from(events)
      .where(and(eq(events.orgId, org.orgId), eq(events.type, 'sandbox.clock_advanced')));
    expect(Math.abs(move!.createdAt.getTime() - realNow)).toBeLessThan(60_000);
    // Only the opening deposit (before the move) is on the old base; nothing made after the move is.
    const before = all.data.items.filter((e) => new Date(e.created_at).getTime() <= realNow + 60_000);
    expect(before.map((e) => e.type)).toEqual(['funding.deposit_credited']);
  });

  it('the balance history counts days on the organization clock: a hold placed after the move is in today', async () => {
    const org = await createPayoutOrg({ balance: '1000' });
    await org.client.request('POST', '/api/v2/sandbox/clock', {
      body: { advance_seconds: DAYS_AHEAD * 86_400 },
    });
    const batch = await org.client.request<{ batch: { id: string; total_source_amount: string } }>(
      'POST',
      '/api/v2/payouts',
      { body: { orders: [orderItem(org, '10.00')] } },
    );
    await org.client.request('POST', `/api/v2/payouts/${batch.data.batch.id}/confirm`);
    const balance = await org.client.request<{ available: string; held: string }>(
      'GET',
      '/api/v2/funding/balance',
    );
    expect(balance.data.held).not.toBe('0.00');
    const history = await org.client.request<{ items: { available: string; held: string }[] }>(
      'GET',
      '/api/v2/funding/balance/history?days=1',
    );
    expect(history.data.items).toEqual([
      expect.objectContaining({ available: balance.data.available, held: balance.data.held }),
    ]);
  });
});
