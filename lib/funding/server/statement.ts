// Owns the funding statement: like a bank statement, the balances at the start of a period, every ledger movement of
// the organization in it with its effect and the running balances, and the balances at its end — streamed as CSV.
import type { Sql } from 'postgres';
import { STATEMENT_COLUMNS } from '@/lib/payouts/contract/operations';
import { csvLine, csvText } from '@/lib/platform/csv';
import { Decimal, dec, formatUsdt } from '@/lib/platform/money';

export const STATEMENT_HEADER = STATEMENT_COLUMNS;

const CHUNK_ROWS = 1_000;

/** A transaction's place in the statement's order, exact to the microsecond (a JS Date keeps milliseconds). */
type RowKey = { at: string; id: string };

type MovementRow = {
  id: string;
  type: string;
  description: string;
  reference_type: string | null;
  reference_id: string | null;
  created_at: Date;
  key_at: string;
  available_change: string;
  held_change: string;
};

const signed = (value: Decimal) => (value.isNegative() ? `-${formatUsdt(value.abs())}` : formatUsdt(value));

/**
 * Read a chunk at a time with a keyset query of its own, so no pooled connection is held while the client takes a
 * chunk (issue #29). The movements listed are those of the period up to the last one recorded when the statement
 * started; the running balances and the closing row are computed from exactly the rows listed, so the closing
 * balance is always the opening balance plus the listed movements (for a period in the past, the balance at `to`).
 */
export async function* fundingStatementCsv(
  sql: Sql,
  orgId: string,
  period: { from: string; to: string },
): AsyncGenerator<string> {
  const from = new Date(period.from).toISOString();
  const to = new Date(period.to).toISOString();
  const [opening] = await sql<{ available: string; held: string }[]>`
    select
      coalesce(sum(e.amount) filter (where a.type = 'available'), 0)::text as available,
      coalesce(sum(e.amount) filter (where a.type = 'held'), 0)::text as held
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.org_id = ${orgId} and a.currency = 'USDT' and e.created_at < ${from}::timestamptz`;
  let available = dec(opening?.available ?? '0');
  let held = dec(opening?.held ?? '0');
  const zero = new Decimal(0);
  yield csvLine([...STATEMENT_HEADER]);
  yield balanceLine(from, 'opening_balance', 'Opening balance', available, held);

  const inPeriod = sql`t.org_id = ${orgId} and t.created_at >= ${from}::timestamptz and t.created_at < ${to}::timestamptz`;
  const [last] = await sql<RowKey[]>`
    select t.created_at::text as at, t.id from ledger_transactions t where ${inPeriod}
    order by t.created_at desc, t.id desc limit 1`;
  let after: RowKey | null = null;
  while (last) {
    // The page of transactions first (through ledger_transactions_org_created_idx), then each one's effect.
    const rows: MovementRow[] = await sql`
      select t.id, t.type, t.description, t.reference_type, t.reference_id, t.created_at, t.key_at,
        s.available_change, s.held_change
      from (
        select t.id, t.type, t.description, t.reference_type, t.reference_id, t.created_at,
          t.created_at::text as key_at
        from ledger_transactions t
        where ${inPeriod}
          -- Only movements of the organization's own money: the provider's settlement → rail leg of a payout
          -- changes neither balance, so it would be a line of 0.00 (the running balances are the same without it).
          and exists (
            select 1 from ledger_entries oe
            join ledger_accounts oa on oa.id = oe.account_id and oa.org_id = ${orgId}
            where oe.transaction_id = t.id)
          and (t.created_at, t.id) <= (${last.at}::timestamptz, ${last.id}::uuid)
          ${after ? sql`and (t.created_at, t.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        order by t.created_at, t.id
        limit ${CHUNK_ROWS}
      ) t
      cross join lateral (
        select
          coalesce(sum(e.amount) filter (where a.type = 'available'), 0)::text as available_change,
          coalesce(sum(e.amount) filter (where a.type = 'held'), 0)::text as held_change
        from ledger_entries e
        left join ledger_accounts a on a.id = e.account_id and a.org_id = ${orgId}
        where e.transaction_id = t.id
      ) s
      order by t.created_at, t.id`;
    if (rows.length === 0) break;
    let chunk = '';
    for (const row of rows) {
      const availableChange = dec(row.available_change);
      const heldChange = dec(row.held_change);
      available = available.plus(availableChange);
      held = held.plus(heldChange);
      chunk += csvLine([
        new Date(row.created_at).toISOString(),
        row.id,
        row.type,
        csvText(row.description),
        row.reference_type ?? '',
        row.reference_id ?? '',
        signed(availableChange.eq(zero) ? zero : availableChange),
        signed(heldChange.eq(zero) ? zero : heldChange),
        formatUsdt(available),
        formatUsdt(held),
      ]);
    }
    yield chunk;
    if (rows.length < CHUNK_ROWS) break;
    const tail = rows.at(-1)!;
    after = { at: tail.key_at, id: tail.id };
  }
  yield balanceLine(to, 'closing_balance', 'Closing balance', available, held);
}

/** The statement's opening or closing line: the balances at `at`, with no movement of its own. */
function balanceLine(
  at: string,
  type: string,
  description: string,
  available: Decimal,
  held: Decimal,
): string {
  return csvLine([at, '', type, description, '', '', '', '', formatUsdt(available), formatUsdt(held)]);
}
