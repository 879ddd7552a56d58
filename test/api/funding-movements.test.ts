// Every balance movement a client sees has its public event, and no movement the client sees is a line of 0.00:
// a batch hold is announced as `funding.held`, and a payout leaving settlement for the rail (the provider's own
// accounts) is not listed among the organization's funding transactions.
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';
import { resetEnvCache } from '@/lib/platform/env';
import { subscribableEventTypes } from '@/lib/platform/webhook-delivery/event-types';
import { useTestDatabase } from '../db';
import { createPayoutOrg, ledgerInvariants, orderItem } from '../payouts-fixtures';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

interface Movement {
  id: string;
  type: string;
  amount: string;
  available_change: string;
  held_change: string;
  reference_id: string | null;
}
interface Event {
  type: string;
  data: { object: Record<string, unknown> };
}

describe('funding movements and their events', () => {
  it('confirming a batch records funding.held carrying the hold exactly as GET /funding/transactions lists it', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const created = await org.client.request<{ batch: { id: string } }>('POST', '/api/v2/payouts', {
      body: { orders: [orderItem(org, '100.00'), orderItem(org, '250.00')] },
    });
    expect((await org.client.send('POST', `/api/v2/payouts/${created.data.batch.id}/confirm`)).status).toBe(
      200,
    );

    const movements = await org.client.request<{ items: Movement[] }>(
      'GET',
      '/api/v2/funding/transactions?type=batch_hold',
    );
    expect(movements.data.items).toHaveLength(1);
    const hold = movements.data.items[0]!;
    expect(hold.reference_id).toBe(created.data.batch.id);

    const events = await org.client.request<{ items: Event[] }>('GET', '/api/v2/events?type=funding.held');
    expect(events.data.items).toHaveLength(1);
    expect(events.data.items[0]!.data.object).toEqual(hold);
  });

  it('funding.held is a subscribable webhook type, listed in the OpenAPI webhooks', () => {
    expect(subscribableEventTypes()).toContain('funding.held');
    expect(Object.keys(buildOpenApiDocument().webhooks ?? {})).toContain('funding.held');
  });

  it('a completed payout leaves no line of 0.00: every listed movement changes the available or held balance', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const created = await org.client.request<{ batch: { id: string } }>('POST', '/api/v2/payouts', {
      body: { orders: [orderItem(org, '100.00'), orderItem(org, '200.00')] },
    });
    await org.client.send('POST', `/api/v2/payouts/${created.data.batch.id}/confirm`);
    for (let step = 0; step < 3; step += 1)
      await org.client.send('POST', `/api/v2/sandbox/payouts/${created.data.batch.id}/advance`);
    const batch = await org.client.request<{ batch: { status: string } }>(
      'GET',
      `/api/v2/payouts/${created.data.batch.id}`,
    );
    expect(batch.data.batch.status).toBe('COMPLETED');

    const movements = await org.client.request<{ items: Movement[]; meta: { total: number } }>(
      'GET',
      '/api/v2/funding/transactions?limit=100',
    );
    expect(movements.data.items.map((m) => m.type).sort()).toEqual(
      ['batch_hold', 'deposit', 'settlement_sweep'].sort(),
    );
    expect(movements.data.meta.total).toBe(movements.data.items.length);
    for (const movement of movements.data.items) {
      expect(movement.amount, movement.type).not.toBe('0.00');
      expect([movement.available_change, movement.held_change], movement.type).not.toEqual(['0.00', '0.00']);
    }
    const paid = await org.client.request<{ items: Movement[] }>(
      'GET',
      '/api/v2/funding/transactions?type=payout_paid',
    );
    expect(paid.data.items).toEqual([]);
    // The provider's settlement → rail leg is still in the ledger, balanced.
    expect(await ledgerInvariants()).toMatchObject({ unbalanced: 0, negative: 0 });
  });
});
