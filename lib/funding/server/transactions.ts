// Owns listing an organization's ledger movements (funding transactions), newest first, with filters.
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  type LedgerTransactionType,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
} from '@/db/schema/ledger';
import type { FundingTransactionWire } from '@/lib/funding/contract/schemas';
import { dec, formatUsdt } from '@/lib/platform/money';
import {
  type CursorListEnvelope,
  type CursorPageRequest,
  cursorEnvelope,
  keysetStart,
} from '@/lib/platform/pagination/cursor';

type MovementColumn = 'id' | 'type' | 'description' | 'referenceType' | 'referenceId' | 'createdAt';

/** A movement's own columns, read from a page of ledger transactions (a subquery selecting at least these). */
export function movementFields<Page extends Record<MovementColumn, unknown>>(
  page: Page,
): Pick<Page, MovementColumn> {
  const { id, type, description, referenceType, referenceId, createdAt } = page;
  return { id, type, description, referenceType, referenceId, createdAt };
}

export interface FundingTransactionFilters extends CursorPageRequest {
  type?: LedgerTransactionType[];
  createdFrom?: string;
  createdTo?: string;
}

/**
 * Sorted by created_at descending, then id descending as the tie-breaker. New movements arrive at the front, which
 * shifts offset pages; a cursor (`starting_after` the last id read) continues from that movement whatever arrived.
 */
export async function listFundingTransactions(
  executor: Executor,
  orgId: string,
  filters: FundingTransactionFilters,
): Promise<CursorListEnvelope<FundingTransactionWire>> {
  const conditions: SQL[] = [eq(ledgerTransactions.orgId, orgId), movesOwnMoney(orgId)];
  if (filters.type?.length) conditions.push(inArray(ledgerTransactions.type, filters.type));
  if (filters.createdFrom) conditions.push(gte(ledgerTransactions.createdAt, new Date(filters.createdFrom)));
  if (filters.createdTo) conditions.push(lt(ledgerTransactions.createdAt, new Date(filters.createdTo)));
  const where = and(...conditions);
  const start = await keysetStart(executor, filters, {
    table: ledgerTransactions,
    orgId,
    keys: sql`${ledgerTransactions.createdAt}, ${ledgerTransactions.id}`,
  });
  const order = start.backwards ? asc : desc;

  const page = executor
    .select({
      id: ledgerTransactions.id,
      type: ledgerTransactions.type,
      description: ledgerTransactions.description,
      referenceType: ledgerTransactions.referenceType,
      referenceId: ledgerTransactions.referenceId,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerTransactions)
    .where(start.condition ? and(where, start.condition) : where)
    .orderBy(order(ledgerTransactions.createdAt), order(ledgerTransactions.id))
    .limit(start.fetch)
    .offset(start.offset)
    .as('page');

  // One round trip: the page, each movement's effect on the organization's accounts, and the total.
  const rows = await executor
    .select({
      ...movementFields(page),
      availableChange: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerAccounts.type} = 'available'), 0)`,
      heldChange: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerAccounts.type} = 'held'), 0)`,
      total: sql<number>`(select count(*)::int from ${ledgerTransactions} where ${where})`,
    })
    .from(page)
    .leftJoin(ledgerEntries, eq(ledgerEntries.transactionId, page.id))
    .leftJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.id, ledgerEntries.accountId), eq(ledgerAccounts.orgId, orgId)),
    )
    .groupBy(page.id, page.type, page.description, page.referenceType, page.referenceId, page.createdAt)
    .orderBy(order(page.createdAt), order(page.id));

  const total = rows[0]?.total ?? (await countTransactions(executor, where));
  return cursorEnvelope(rows.map(toWire), filters, total, start);
}

/**
 * Only movements of the organization's own money (its available or held balance): a payout leaving settlement for the
 * rail (`payout_paid`) is the provider's book-keeping between its own accounts, so it is no line of 0.00 here (the
 * order's `order.completed` event says it). The ledger itself keeps every transaction, balanced.
 */
function movesOwnMoney(orgId: string): SQL {
  return sql`exists (select 1 from ledger_entries own_e join ledger_accounts own_a on own_a.id = own_e.account_id
    where own_e.transaction_id = ${ledgerTransactions.id} and own_a.org_id = ${orgId})`;
}

async function countTransactions(executor: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(ledgerTransactions)
    .where(where);
  return row?.total ?? 0;
}

function toWire(row: {
  id: string;
  type: LedgerTransactionType;
  description: string;
  referenceType: string | null;
  referenceId: string | null;
  createdAt: Date;
  availableChange: string;
  heldChange: string;
}): FundingTransactionWire {
  const available = dec(row.availableChange);
  const held = dec(row.heldChange);
  const size = available.abs().greaterThan(held.abs()) ? available.abs() : held.abs();
  return {
    id: row.id,
    type: row.type,
    description: row.description,
    amount: formatUsdt(size),
    available_change: signed(available),
    held_change: signed(held),
    reference_type: row.referenceType,
    reference_id: row.referenceId,
    created_at: row.createdAt.toISOString(),
  };
}

function signed(value: ReturnType<typeof dec>): string {
  return value.isNegative() ? `-${formatUsdt(value.abs())}` : formatUsdt(value);
}
