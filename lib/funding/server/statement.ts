// Owns the funding statement: like a bank statement, the balances at the start of a period, every ledger movement of
// the organization in it with its effect and the running balances, and the balances at its end — streamed as CSV.
import { and, asc, desc, eq, exists, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '@/db/schema/ledger';
import { STATEMENT_COLUMNS } from '@/lib/payouts/contract/operations';
import { csvLine, csvText } from '@/lib/platform/csv';
import { chunkWindow, keyText, type RowKey } from '@/lib/platform/db/export-chunks';
import { Decimal, dec, formatUsdt } from '@/lib/platform/money';
import { movementFields } from './transactions';

export const STATEMENT_HEADER = STATEMENT_COLUMNS;

const CHUNK_ROWS = 1_000;

const transaction = ledgerTransactions;
const keyAt = keyText(transaction.createdAt);

/** The sum of the entries on `type` accounts among those joined, 0 without any, as PostgreSQL's exact text. */
const sumOn = (type: 'available' | 'held') =>
  sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerAccounts.type} = ${type}), 0)::text`;

const signed = (value: Decimal) => (value.isNegative() ? `-${formatUsdt(value.abs())}` : formatUsdt(value));

/**
 * Read a chunk at a time with a keyset query of its own, so no pooled connection is held while the client takes a
 * chunk (issue #29). The movements listed are those of the period up to the last one recorded when the statement
 * started; the running balances and the closing row are computed from exactly the rows listed, so the closing
 * balance is always the opening balance plus the listed movements (for a period in the past, the balance at `to`).
 */
export async function* fundingStatementCsv(
  executor: Executor,
  orgId: string,
  period: { from: string; to: string },
): AsyncGenerator<string> {
  const from = new Date(period.from).toISOString();
  const to = new Date(period.to).toISOString();
  const [opening] = await executor
    .select({ available: sumOn('available'), held: sumOn('held') })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerAccounts.orgId, orgId),
        eq(ledgerAccounts.currency, 'USDT'),
        sql`${ledgerEntries.createdAt} < ${from}::timestamptz`,
      ),
    );
  let available = dec(opening?.available ?? '0');
  let held = dec(opening?.held ?? '0');
  const zero = new Decimal(0);
  yield csvLine([...STATEMENT_HEADER]);
  yield balanceLine(from, 'opening_balance', 'Opening balance', available, held);

  const inPeriod = and(
    eq(transaction.orgId, orgId),
    sql`${transaction.createdAt} >= ${from}::timestamptz`,
    sql`${transaction.createdAt} < ${to}::timestamptz`,
  );
  const [last] = await executor
    .select({ at: keyAt, id: transaction.id })
    .from(transaction)
    .where(inPeriod)
    .orderBy(desc(transaction.createdAt), desc(transaction.id))
    .limit(1);
  // The page of transactions after `after` (from the first when null) up to the last as of the start, through
  // ledger_transactions_org_created_idx; then each one's effect on the organization's two balances.
  const chunkAfter = (last: RowKey, after: RowKey | null) => {
    const page = executor
      .select({
        id: transaction.id,
        type: transaction.type,
        description: transaction.description,
        referenceType: transaction.referenceType,
        referenceId: transaction.referenceId,
        createdAt: transaction.createdAt,
        keyAt: keyAt.as('key_at'),
      })
      .from(transaction)
      .where(
        and(
          inPeriod,
          // Only movements of the organization's own money: the provider's settlement → rail leg of a payout
          // changes neither balance, so it would be a line of 0.00 (the running balances are the same without it).
          exists(
            executor
              .select({ one: sql`1` })
              .from(ledgerEntries)
              .innerJoin(
                ledgerAccounts,
                and(eq(ledgerAccounts.id, ledgerEntries.accountId), eq(ledgerAccounts.orgId, orgId)),
              )
              .where(eq(ledgerEntries.transactionId, transaction.id)),
          ),
          chunkWindow(transaction.createdAt, transaction.id, last, after),
        ),
      )
      .orderBy(asc(transaction.createdAt), asc(transaction.id))
      .limit(CHUNK_ROWS)
      .as('t');
    const effect = executor
      .select({
        availableChange: sumOn('available').as('available_change'),
        heldChange: sumOn('held').as('held_change'),
      })
      .from(ledgerEntries)
      .leftJoin(
        ledgerAccounts,
        and(eq(ledgerAccounts.id, ledgerEntries.accountId), eq(ledgerAccounts.orgId, orgId)),
      )
      .where(eq(ledgerEntries.transactionId, page.id))
      .as('s');
    return executor
      .select({
        ...movementFields(page),
        keyAt: page.keyAt,
        availableChange: effect.availableChange,
        heldChange: effect.heldChange,
      })
      .from(page)
      .crossJoinLateral(effect)
      .orderBy(asc(page.createdAt), asc(page.id));
  };
  let after: RowKey | null = null;
  while (last) {
    const rows = await chunkAfter(last, after);
    if (rows.length === 0) break;
    let chunk = '';
    for (const row of rows) {
      const availableChange = dec(row.availableChange);
      const heldChange = dec(row.heldChange);
      available = available.plus(availableChange);
      held = held.plus(heldChange);
      chunk += csvLine([
        row.createdAt.toISOString(),
        row.id,
        row.type,
        csvText(row.description),
        row.referenceType ?? '',
        row.referenceId ?? '',
        signed(availableChange.eq(zero) ? zero : availableChange),
        signed(heldChange.eq(zero) ? zero : heldChange),
        formatUsdt(available),
        formatUsdt(held),
      ]);
    }
    yield chunk;
    if (rows.length < CHUNK_ROWS) break;
    const tail = rows.at(-1)!;
    after = { at: tail.keyAt, id: tail.id };
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
