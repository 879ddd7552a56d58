// Tests the dashboard's payout figures: exact decimal sums per day and currency, and which orders count as outcomes.
import { describe, expect, it } from 'vitest';
import type { Order } from '../api';
import { completedVolumeByDay, outcomes } from './outcomes';

function order(over: Partial<Order>): Order {
  return {
    id: crypto.randomUUID(),
    batch_id: crypto.randomUUID(),
    sender_profile_id: crypto.randomUUID(),
    beneficiary_profile_id: crypto.randomUUID(),
    fee_type: 'OUR',
    purpose_code: 'GDSP',
    beneficiary_amount: '0.10',
    beneficiary_currency: 'EUR',
    fee_amount: '1.00',
    source_currency: 'USDT',
    source_amount: '1.00',
    status: 'COMPLETED',
    failure_message: null,
    expires_at: '2026-11-20T11:00:00.000Z',
    client_reference: null,
    tracking_reference: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:05:00.000Z',
    ...over,
  };
}

describe('dashboard payout figures', () => {
  it('sums completed amounts per UTC day and currency without floating-point error', () => {
    const days = completedVolumeByDay(
      [
        order({}),
        order({ beneficiary_amount: '0.20' }),
        order({ beneficiary_currency: 'JPY', beneficiary_amount: '1000' }),
        order({ status: 'FAILED' }),
      ],
      30,
      new Date('2026-11-23T12:00:00Z'),
    );
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.date).toBe('2026-11-23');
    expect(days.find((d) => d.date === '2026-11-20')?.amounts).toEqual({ EUR: '0.3', JPY: '1000' });
  });

  it('counts expired confirmed orders but not discarded drafts', () => {
    expect(
      outcomes([
        order({}),
        order({ status: 'FAILED' }),
        order({ status: 'CANCELLED_EXPIRED' }),
        order({ status: 'CANCELLED_EXPIRED', expires_at: null }),
        order({ status: 'AWAITING_DEPOSIT' }),
      ]),
    ).toEqual({ completed: 1, failed: 1, expired: 1, finished: 3 });
  });
});
