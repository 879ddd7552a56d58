// Owns the dashboard's payout figures from a list of orders: completed volume per day and currency, and outcomes.
import { dec } from '@/lib/money/decimal';
import type { Order } from '../api';

export interface DayVolume {
  date: string;
  /** Decimal string per currency. */
  amounts: Record<string, string>;
}

/** The last `days` UTC days (oldest first), each with the completed amount per currency on the day it completed. */
export function completedVolumeByDay(orders: readonly Order[], days: number, now: Date): DayVolume[] {
  const result: DayVolume[] = [];
  const index = new Map<string, DayVolume>();
  for (let i = days - 1; i >= 0; i--) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - i))
      .toISOString()
      .slice(0, 10);
    const day = { date, amounts: {} };
    result.push(day);
    index.set(date, day);
  }
  for (const order of orders) {
    if (order.status !== 'COMPLETED') continue;
    const day = index.get(order.updated_at.slice(0, 10));
    if (!day) continue;
    const before = day.amounts[order.beneficiary_currency] ?? '0';
    day.amounts[order.beneficiary_currency] = dec(before).plus(order.beneficiary_amount).toFixed();
  }
  return result;
}

export interface Outcomes {
  completed: number;
  failed: number;
  expired: number;
  finished: number;
}

/** Among confirmed orders that are finished: completed, failed at the bank, expired unfunded (or cancelled). */
export function outcomes(orders: readonly Order[]): Outcomes {
  let completed = 0;
  let failed = 0;
  let expired = 0;
  for (const order of orders) {
    if (order.status === 'COMPLETED') completed++;
    else if (order.status === 'FAILED') failed++;
    // A discarded draft is CANCELLED_EXPIRED too, but was never confirmed (no funding deadline): not an outcome.
    else if (order.status === 'CANCELLED_EXPIRED' && order.expires_at !== null) expired++;
  }
  return { completed, failed, expired, finished: completed + failed + expired };
}

/** Currencies by completed volume, largest count of days first (the chart shows one at a time). */
export function currenciesOf(volume: readonly DayVolume[]): string[] {
  const seen = new Map<string, number>();
  for (const day of volume) for (const c of Object.keys(day.amounts)) seen.set(c, (seen.get(c) ?? 0) + 1);
  return [...seen.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
}
