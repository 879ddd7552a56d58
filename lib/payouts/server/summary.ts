// Owns the orders summary of a period (the dashboard's payout cards): completed beneficiary amounts per UTC day of
// creation and currency, summed in SQL on the numeric column, and confirmed orders by outcome. Both read only the
// organization's orders created in [from, to) through payout_orders_org_created_idx.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { MAX_SUMMARY_DAYS, type OrderSummaryWire } from '@/lib/payouts/contract/schemas';
import { ApiError } from '@/lib/platform/errors/api-error';
import { formatFiat, isFiatCurrency } from '@/lib/platform/money';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SummaryPeriod {
  from: string;
  to: string;
}

export async function orderSummary(
  executor: Executor,
  orgId: string,
  period: SummaryPeriod,
): Promise<OrderSummaryWire> {
  const from = new Date(period.from);
  const to = new Date(period.to);
  if (to.getTime() - from.getTime() > MAX_SUMMARY_DAYS * DAY_MS) {
    throw ApiError.businessRule(`the period is at most ${MAX_SUMMARY_DAYS} days`, {
      code: 'period_too_long',
      param: 'to',
    });
  }
  const [volume, outcomes] = await Promise.all([
    executor.execute<{ day: string; currency: string; amount: string; order_count: number }>(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, beneficiary_currency as currency,
             sum(beneficiary_amount)::text as amount, count(*)::int as order_count
      from payout_orders
      where org_id = ${orgId} and created_at >= ${from.toISOString()}::timestamptz
        and created_at < ${to.toISOString()}::timestamptz and status = 'COMPLETED'
      group by 1, 2 order by 1, 2`),
    executor.execute<{
      completed: number;
      failed: number;
      cancelled_expired: number;
      in_progress: number;
    }>(sql`
      select count(*) filter (where status = 'COMPLETED')::int as completed,
             count(*) filter (where status = 'FAILED')::int as failed,
             count(*) filter (where status = 'CANCELLED_EXPIRED')::int as cancelled_expired,
             count(*) filter (where status in ('AWAITING_DEPOSIT', 'DEPOSIT_RECEIVED', 'PAYING_BENEFICIARY'))::int
               as in_progress
      from payout_orders
      where org_id = ${orgId} and created_at >= ${from.toISOString()}::timestamptz
        and created_at < ${to.toISOString()}::timestamptz
        -- A discarded draft is CANCELLED_EXPIRED too but was never confirmed (no funding deadline): no outcome.
        and expires_at is not null`),
  ]);
  const counts = outcomes[0] ?? { completed: 0, failed: 0, cancelled_expired: 0, in_progress: 0 };
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    volume: volume.map((row) => ({
      day: row.day,
      currency: row.currency,
      beneficiary_amount: isFiatCurrency(row.currency) ? formatFiat(row.amount, row.currency) : row.amount,
      order_count: row.order_count,
    })),
    outcomes: {
      completed: counts.completed,
      failed: counts.failed,
      cancelled_expired: counts.cancelled_expired,
      in_progress: counts.in_progress,
    },
  };
}
