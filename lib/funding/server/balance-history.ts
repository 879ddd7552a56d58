// Owns the daily history of an organization's USDT balance (available and held at the end of each UTC day), from the ledger.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '@/db/schema/ledger';
import { businessNow } from '@/lib/platform/clock';
import { dec, formatUsdt } from '@/lib/platform/money';

export interface BalanceHistoryDay {
  /** The UTC calendar day, YYYY-MM-DD. */
  date: string;
  /** Balances at the end of that day (or now, for today). */
  available: string;
  held: string;
}

export interface BalanceHistory {
  currency: 'USDT';
  items: BalanceHistoryDay[];
}

const DAY_MS = 86_400_000;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * `days` closing balances ending today (UTC), oldest first. One statement: the balance before the window
 * (the opening) and the net change of each day in it, per account type; days without movements carry the
 * previous day's balance. The last day equals the live balance, since balances are the sum of the entries.
 */
export async function getBalanceHistory(
  executor: Executor,
  orgId: string,
  days: number,
  // Ledger rows carry the organization's business time (DESIGN "Time bases"), so "today" is its clock's today.
  at?: Date,
): Promise<BalanceHistory> {
  const now = at ?? (await businessNow(executor, orgId));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const windowStart = new Date(today - (days - 1) * DAY_MS);
  const day = sql<
    string | null
  >`case when ${ledgerTransactions.createdAt} >= ${windowStart.toISOString()}::timestamptz
    then to_char(${ledgerTransactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD') end`;
  const rows = await executor
    .select({
      day,
      type: ledgerAccounts.type,
      change: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerAccounts.orgId, orgId),
        eq(ledgerAccounts.currency, 'USDT'),
        sql`${ledgerAccounts.type} in ('available', 'held')`,
        // entries before the window feed the opening balance (their day is null)
        lt(ledgerTransactions.createdAt, new Date(today + DAY_MS)),
      ),
    )
    // by position: the day expression carries a parameter, which PostgreSQL would not match twice
    .groupBy(sql`1`, sql`2`);

  const changes = new Map<string, { available: string; held: string }>();
  let available = dec('0');
  let held = dec('0');
  for (const row of rows) {
    if (row.day === null) {
      if (row.type === 'available') available = available.plus(row.change);
      else held = held.plus(row.change);
      continue;
    }
    const entry = changes.get(row.day) ?? { available: '0', held: '0' };
    if (row.type === 'available') entry.available = dec(entry.available).plus(row.change).toFixed();
    else entry.held = dec(entry.held).plus(row.change).toFixed();
    changes.set(row.day, entry);
  }

  const items: BalanceHistoryDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = utcDay(new Date(windowStart.getTime() + i * DAY_MS));
    const change = changes.get(date);
    if (change) {
      available = available.plus(change.available);
      held = held.plus(change.held);
    }
    items.push({ date, available: formatUsdt(available), held: formatUsdt(held) });
  }
  return { currency: 'USDT', items };
}
