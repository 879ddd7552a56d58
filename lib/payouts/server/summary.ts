// Owns the orders summary of a period (the dashboard's payout cards): completed beneficiary amounts per UTC day of
// creation and currency, summed in SQL on the numeric column, and confirmed orders by outcome. Both read only the
// organization's orders created in [from, to) through payout_orders_org_created_idx.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payoutOrders } from '@/db/schema/payouts';
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
  const o = payoutOrders;
  const inPeriod = and(
    eq(o.orgId, orgId),
    sql`${o.createdAt} >= ${from.toISOString()}::timestamptz`,
    sql`${o.createdAt} < ${to.toISOString()}::timestamptz`,
  );
  const day = sql<string>`to_char(${o.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const countWhere = (condition: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${condition})::int`;
  const [volume, outcomes] = await Promise.all([
    executor
      .select({
        day,
        currency: o.beneficiaryCurrency,
        amount: sql<string>`sum(${o.beneficiaryAmount})::text`,
        orderCount: sql<number>`count(*)::int`,
      })
      .from(o)
      .where(and(inPeriod, eq(o.status, 'COMPLETED')))
      .groupBy(day, o.beneficiaryCurrency)
      .orderBy(day, o.beneficiaryCurrency),
    executor
      .select({
        completed: countWhere(sql`${o.status} = 'COMPLETED'`),
        failed: countWhere(sql`${o.status} = 'FAILED'`),
        cancelledExpired: countWhere(sql`${o.status} = 'CANCELLED_EXPIRED'`),
        inProgress: countWhere(
          sql`${o.status} in ('AWAITING_DEPOSIT', 'DEPOSIT_RECEIVED', 'PAYING_BENEFICIARY')`,
        ),
      })
      .from(o)
      // A discarded draft is CANCELLED_EXPIRED too but was never confirmed (no funding deadline): no outcome.
      .where(and(inPeriod, isNotNull(o.expiresAt))),
  ]);
  const counts = outcomes[0] ?? { completed: 0, failed: 0, cancelledExpired: 0, inProgress: 0 };
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    volume: volume.map((row) => ({
      day: row.day,
      currency: row.currency,
      beneficiary_amount: isFiatCurrency(row.currency) ? formatFiat(row.amount, row.currency) : row.amount,
      order_count: row.orderCount,
    })),
    outcomes: {
      completed: counts.completed,
      failed: counts.failed,
      cancelled_expired: counts.cancelledExpired,
      in_progress: counts.inProgress,
    },
  };
}
