// Tests shaping the server's orders summary for the dashboard: every day of the period present, amounts kept exactly
// as the API summed them, currencies ordered, and only finished outcomes in the shares.
import { describe, expect, it } from 'vitest';
import { currenciesOf, finishedOutcomes, volumeByDay } from './outcomes';

describe('dashboard payout figures', () => {
  it('lays the summary over every UTC day of the period, keeping the exact decimal strings', () => {
    const days = volumeByDay(
      [
        { day: '2026-10-24', currency: 'EUR', beneficiary_amount: '5.00', order_count: 1 },
        { day: '2026-11-20', currency: 'EUR', beneficiary_amount: '1234567890.30', order_count: 2 },
        { day: '2026-11-20', currency: 'JPY', beneficiary_amount: '1000', order_count: 1 },
        { day: '2026-11-23', currency: 'GBP', beneficiary_amount: '0.10', order_count: 1 },
      ],
      30,
      new Date('2026-11-23T12:00:00Z'),
    );
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe('2026-10-25');
    expect(days.at(-1)?.date).toBe('2026-11-23');
    expect(days.find((d) => d.date === '2026-11-20')?.amounts).toEqual({ EUR: '1234567890.30', JPY: '1000' });
    expect(days.find((d) => d.date === '2026-11-21')?.amounts).toEqual({});
    // A day before the period (the server's range started earlier in UTC) is not drawn.
    expect(days.some((d) => d.date === '2026-10-24')).toBe(false);
    expect(currenciesOf(days)).toEqual(['EUR', 'GBP', 'JPY']);
  });

  it('shares only finished orders: in-progress ones are left out', () => {
    expect(finishedOutcomes({ completed: 7, failed: 2, cancelled_expired: 1, in_progress: 5 })).toEqual({
      completed: 7,
      failed: 2,
      expired: 1,
      finished: 10,
    });
  });
});
