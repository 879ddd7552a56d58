// Owns the funding statement: like a bank statement, the balances at the start of a period, every ledger movement of
// the organization in it with its effect and the running balances, and the balances at its end — streamed as CSV.
import type { Sql } from 'postgres';
import { STATEMENT_COLUMNS } from '@/lib/api/operations/payouts';
import { Decimal, dec, formatUsdt } from '@/lib/money';
import { csvLine, csvText } from '@/lib/payouts/csv';

export const STATEMENT_HEADER = STATEMENT_COLUMNS;

const signed = (value: Decimal) => (value.isNegative() ? `-${formatUsdt(value.abs())}` : formatUsdt(value));

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
  yield csvLine([
    from,
    '',
    'opening_balance',
    'Opening balance',
    '',
    '',
    '',
    '',
    formatUsdt(available),
    formatUsdt(held),
  ]);

  const cursor = sql<
    {
      id: string;
      type: string;
      description: string;
      reference_type: string | null;
      reference_id: string | null;
      created_at: Date;
      available_change: string;
      held_change: string;
    }[]
  >`
    select t.id, t.type, t.description, t.reference_type, t.reference_id, t.created_at,
      coalesce(sum(e.amount) filter (where a.type = 'available'), 0)::text as available_change,
      coalesce(sum(e.amount) filter (where a.type = 'held'), 0)::text as held_change
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    left join ledger_accounts a on a.id = e.account_id and a.org_id = ${orgId}
    where t.org_id = ${orgId} and t.created_at >= ${from}::timestamptz and t.created_at < ${to}::timestamptz
    group by t.id
    -- Only movements of the organization's own money: the provider's settlement → rail leg of a payout changes
    -- neither balance, so it would be a line of 0.00 (the running balances are the same without it).
    having count(a.id) > 0
    order by t.created_at, t.id`.cursor(1_000);
  for await (const rows of cursor) {
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
  }
  yield csvLine([
    to,
    '',
    'closing_balance',
    'Closing balance',
    '',
    '',
    '',
    '',
    formatUsdt(available),
    formatUsdt(held),
  ]);
}
