// Owns shaping the server's orders summary for the dashboard's cards: every day of the period (days without completed
// payouts at zero) with the exact amount per currency, the currencies to choose from, and the finished outcomes.
import type { OrderSummary } from '@/components/payouts/api';

export interface DayVolume {
  date: string;
  /** Decimal string per currency, exactly as the API summed it. */
  amounts: Record<string, string>;
}

/** The `days` UTC days ending on `now`'s day (oldest first), each with the summary's completed amount per currency. */
export function volumeByDay(volume: OrderSummary['volume'], days: number, now: Date): DayVolume[] {
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
  for (const entry of volume) {
    const day = index.get(entry.day);
    if (day) day.amounts[entry.currency] = entry.beneficiary_amount;
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
export function finishedOutcomes(outcomes: OrderSummary['outcomes']): Outcomes {
  const { completed, failed, cancelled_expired: expired } = outcomes;
  return { completed, failed, expired, finished: completed + failed + expired };
}

/** Currencies by completed volume, largest count of days first (the chart shows one at a time). */
export function currenciesOf(volume: readonly DayVolume[]): string[] {
  const seen = new Map<string, number>();
  for (const day of volume) for (const c of Object.keys(day.amounts)) seen.set(c, (seen.get(c) ?? 0) + 1);
  return [...seen.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
}
