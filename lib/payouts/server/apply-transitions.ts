// Owns applying order transitions: for any number of orders of one organization, in the caller's transaction, with
// the ledger movements and events the state machine implies and the batches' cached status and counts — a constant
// number of statements whatever the number of orders.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { ledgerAccounts } from '@/db/schema/ledger';
import { type OrderStatus, payoutBatches, payoutOrders } from '@/db/schema/payouts';
import { jsonRows, textArray } from '@/db/sql';
import type { FundingTransactionWire } from '@/lib/funding/contract/schemas';
import type { ServiceActor } from '@/lib/identity/server';
import { ensureOrgAccounts, InsufficientFundsError, systemAccount } from '@/lib/ledger/server';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { EventType } from '@/lib/platform/events/catalogue-registry';
import { newId } from '@/lib/platform/ids';
import { Decimal, dec, formatUsdt } from '@/lib/platform/money';
import { deriveBatchStatus, isFailedOrderStatus } from './batch-status';
import { type PayoutEvent, recordPayoutEvents } from './events';
import { PARTIES_SNAPSHOT_SQL } from './parties-snapshot';
import { type BatchRow, batchFields, type OrderRow, orderFields, toWireBatch, toWireOrder } from './rows';
import { type MoneyPlace, type Movement, orderEventType, transitionFor } from './transitions';

export interface Decision {
  to: OrderStatus;
  failureMessage?: string;
  trackingReference?: string;
  railReference?: string;
  /** The payouts desk: the bank's reference of a paid order, who marked it sent, the account it is paid from. */
  bankReference?: string;
  sentByUserId?: string;
  payoutAccountId?: string;
  /** Set on confirmation: the funding deadline. */
  expiresAt?: Date;
}

/** Decides, for one locked order, where it goes; null leaves it alone. Throw an ApiError to refuse the request. */
export type Decide = (order: OrderRow, batch: BatchRow) => Decision | null | Promise<Decision | null>;

export type Selection = { orderIds: readonly string[] } | { batchIds: readonly string[] };

export interface TransitionOptions {
  /**
   * Re-copy each moved order's parties snapshot from its profiles in the same write (confirmation: a confirmed order
   * pays exactly the parties confirmed). One pass over the orders instead of a second statement comparing snapshots.
   */
  refreshParties?: boolean;
}

export interface TransitionOutcome {
  /** Every selected order after the change (moved or not), by id. */
  orders: Map<string, OrderRow>;
  batches: Map<string, BatchRow>;
  moved: number;
}

const TERMINAL_BATCH = new Set(['COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED', 'CANCELLED_EXPIRED']);

function isNegativeBalanceViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; ) {
    if ('constraint_name' in current && current.constraint_name === 'ledger_accounts_no_negative_balance')
      return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * Locks the batches, then the orders (always in that order, and each by id, so concurrent callers never deadlock),
 * asks `decide` about each order, refuses anything the transition table does not allow, and writes every change.
 */
export async function applyTransitions(
  tx: Executor,
  actor: ServiceActor,
  at: Date,
  selection: Selection,
  decide: Decide,
  options: TransitionOptions = {},
): Promise<TransitionOutcome> {
  const orgId = actor.orgId;
  const byOrders = 'orderIds' in selection;
  const ids = textArray(byOrders ? selection.orderIds : selection.batchIds);
  const batchRows = await tx
    .select(batchFields)
    .from(payoutBatches)
    .where(
      and(
        eq(payoutBatches.orgId, orgId),
        sql`${payoutBatches.id} = any(${
          byOrders
            ? sql`array(select ${payoutOrders.batchId} from ${payoutOrders}
                where ${payoutOrders.orgId} = ${orgId} and ${payoutOrders.id} = any(${ids}::uuid[]))`
            : sql`${ids}::uuid[]`
        })`,
      ),
    )
    .orderBy(payoutBatches.id)
    .for('update');
  const batches = new Map(batchRows.map((row) => [row.id, row]));
  const orderRows = await tx
    .select(orderFields)
    .from(payoutOrders)
    .where(
      and(
        eq(payoutOrders.orgId, orgId),
        sql`${byOrders ? payoutOrders.id : payoutOrders.batchId} = any(${ids}::uuid[])`,
      ),
    )
    .orderBy(payoutOrders.id)
    .for('update');
  const orders = new Map(orderRows.map((row) => [row.id, row]));

  const decisions = await Promise.all(
    orderRows.map(async (order) => ({ order, decision: await decide(order, batches.get(order.batchId)!) })),
  );
  const moves = decisions.filter(
    (d): d is { order: OrderRow; decision: Decision } =>
      d.decision !== null && d.decision.to !== d.order.status,
  );
  if (moves.length === 0) return { orders, batches, moved: 0 };

  for (const { order, decision } of moves) {
    if (!transitionFor(order.status, decision.to))
      throw new ApiError(
        'conflict',
        `order ${order.id} is ${order.status}: it cannot become ${decision.to}`,
        {
          code: 'invalid_state',
        },
      );
  }

  const accounts = await placesOf(tx, orgId);
  // Each order's new row is known before it is written (no trigger or default touches an order on update), so the
  // update returns nothing — no thousand rows sent back and parsed — and the events are built while it runs.
  const updated: OrderRow[] = moves.map(({ order, decision }) => ({
    ...order,
    status: decision.to,
    failureMessage: decision.to === 'FAILED' ? (decision.failureMessage ?? 'The payment failed') : null,
    trackingReference: decision.trackingReference ?? order.trackingReference,
    bankReference: decision.bankReference ?? order.bankReference,
    sentByUserId: decision.sentByUserId ?? order.sentByUserId,
    payoutAccountId: decision.payoutAccountId ?? order.payoutAccountId,
    expiresAt: decision.expiresAt ?? order.expiresAt,
    updatedAt: at,
  }));
  // Promise.resolve runs Drizzle's lazy query exactly once; the no-op catch keeps a failure from being reported as
  // unhandled before it is awaited below.
  const written = Promise.resolve(
    tx.execute(sql`
      update payout_orders o set
        status = v.status,
        failure_message = v.failure_message,
        tracking_reference = coalesce(v.tracking_reference, o.tracking_reference),
        rail_reference = coalesce(v.rail_reference, o.rail_reference),
        bank_reference = coalesce(v.bank_reference, o.bank_reference),
        sent_by_user_id = coalesce(v.sent_by_user_id, o.sent_by_user_id),
        payout_account_id = coalesce(v.payout_account_id, o.payout_account_id),
        expires_at = coalesce(v.expires_at, o.expires_at),${options.refreshParties ? sql` parties = ${PARTIES_SNAPSHOT_SQL},` : sql``}
        updated_at = ${at.toISOString()}::timestamptz
      from jsonb_to_recordset(${jsonRows(
        moves.map(({ order, decision }, i) => ({
          id: order.id,
          status: decision.to,
          failure_message: updated[i]!.failureMessage,
          tracking_reference: decision.trackingReference ?? null,
          rail_reference: decision.railReference ?? null,
          bank_reference: decision.bankReference ?? null,
          sent_by_user_id: decision.sentByUserId ?? null,
          payout_account_id: decision.payoutAccountId ?? null,
          expires_at: decision.expiresAt?.toISOString() ?? null,
        })),
      )}) as v(id uuid, status text, failure_message text, tracking_reference uuid, rail_reference text,
        bank_reference text, sent_by_user_id uuid, payout_account_id uuid, expires_at timestamptz)${options.refreshParties ? sql`, sender_profiles s, beneficiary_profiles b` : sql``}
      where o.id = v.id${
        options.refreshParties
          ? sql` and s.id = o.sender_profile_id and b.id = o.beneficiary_profile_id`
          : sql``
      }`),
  );
  written.catch(() => undefined);
  for (const row of updated) orders.set(row.id, row);
  const orderEvents: PayoutEvent[] = updated.map((row) => ({
    type: orderEventType(row.status) as EventType,
    subjectId: row.id,
    data: toWireOrder(row),
  }));
  const result = await written;
  // Every order was locked above, so each is there to update: anything else is a bug, not a race.
  if (result.count !== moves.length)
    throw new Error(`updated ${result.count} of ${moves.length} orders in one transition`);

  const released = await postMovements(tx, orgId, at, accounts, moves);

  const events: PayoutEvent[] = released.map((movement) => ({
    type: 'funding.released',
    subjectId: movement.id,
    data: movement,
  }));
  events.push(...orderEvents);

  const touched = [...new Set(moves.map(({ order }) => order.batchId))];
  // Selected by batch, every order of those batches is in hand: the tally needs no query.
  const known = byOrders ? undefined : [...orders.values()];
  for (const batch of await retally(tx, at, touched, batches, known)) {
    const before = batches.get(batch.id)!;
    batches.set(batch.id, batch);
    if (batch.status !== before.status && TERMINAL_BATCH.has(batch.status)) {
      events.push({
        type: `batch.${batch.status.toLowerCase()}` as EventType,
        subjectId: batch.id,
        data: toWireBatch(batch),
      });
    }
  }
  await recordPayoutEvents(tx, actor, at, events);
  return { orders, batches, moved: moves.length };
}

type Places = Record<MoneyPlace, string>;

async function placesOf(tx: Executor, orgId: string): Promise<Places> {
  const a = ledgerAccounts;
  const rows = await tx
    .select({ id: a.id, type: a.type, orgId: a.orgId })
    .from(a)
    .where(
      and(
        eq(a.currency, 'USDT'),
        or(eq(a.orgId, orgId), and(isNull(a.orgId), inArray(a.type, ['settlement', 'payout_rail_external']))),
      ),
    );
  const find = (type: string, org: boolean) =>
    rows.find((r) => r.type === type && (r.orgId !== null) === org)?.id;
  const org =
    find('available', true) && find('held', true)
      ? { available: find('available', true)!, held: find('held', true)! }
      : await ensureOrgAccounts(tx, orgId);
  return {
    available: org.available,
    held: org.held,
    settlement: find('settlement', false) ?? (await systemAccount(tx, 'settlement')),
    payout_rail: find('payout_rail_external', false) ?? (await systemAccount(tx, 'payout_rail_external')),
  };
}

/**
 * One balanced ledger transaction per batch and kind of movement (one order: it names the order; several: it names
 * the batch and lists each order with its amount in `metadata.orders`), in two statements. Per-order transactions would
 * apply thousands of entries to the same few account rows; a batch's step is one movement, as on a bank statement.
 */
async function postMovements(
  tx: Executor,
  orgId: string,
  at: Date,
  places: Places,
  moves: readonly { order: OrderRow; decision: Decision }[],
): Promise<FundingTransactionWire[]> {
  const groups = new Map<
    string,
    { movement: Movement; batchId: string; orders: { id: string; amount: Decimal }[] }
  >();
  for (const { order, decision } of moves) {
    const movement = transitionFor(order.status, decision.to)?.movement;
    if (!movement) continue;
    if (order.sourceAmount === null)
      throw new Error(`order ${order.id} moves money but has no source_amount`);
    const key = `${order.batchId}:${movement.type}:${movement.from}:${movement.to}`;
    const group = groups.get(key) ?? { movement, batchId: order.batchId, orders: [] };
    group.orders.push({ id: order.id, amount: dec(order.sourceAmount) });
    groups.set(key, group);
  }
  if (groups.size === 0) return [];
  const transactions: {
    id: string;
    type: string;
    description: string;
    reference_type: string;
    reference_id: string;
    metadata: object;
  }[] = [];
  const released: FundingTransactionWire[] = [];
  const entries: { id: string; transaction_id: string; account_id: string; amount: string }[] = [];
  for (const { movement, batchId, orders } of groups.values()) {
    const id = newId();
    const total = orders.reduce((sum, order) => sum.plus(order.amount), new Decimal(0));
    const single = orders.length === 1;
    transactions.push({
      id,
      type: movement.type,
      description: single ? movement.description : `${movement.description} (${orders.length} orders)`,
      reference_type: single ? 'order' : 'batch',
      reference_id: single ? orders[0]!.id : batchId,
      metadata: {
        batch_id: batchId,
        orders: orders.map((order) => ({ id: order.id, amount: formatUsdt(order.amount) })),
      },
    });
    // Money back in the available balance (a release or a return) is announced as `funding.released`.
    if (movement.to === 'available') {
      released.push({
        id,
        type: movement.type,
        description: transactions.at(-1)!.description,
        amount: formatUsdt(total),
        available_change: formatUsdt(total),
        held_change: movement.from === 'held' ? `-${formatUsdt(total)}` : '0.00',
        reference_type: single ? 'order' : 'batch',
        reference_id: single ? orders[0]!.id : batchId,
        created_at: at.toISOString(),
      });
    }
    entries.push(
      {
        id: newId(),
        transaction_id: id,
        account_id: places[movement.from],
        amount: total.negated().toFixed(),
      },
      { id: newId(), transaction_id: id, account_id: places[movement.to], amount: total.toFixed() },
    );
  }
  // Every caller applies entries in account order, so two transactions never wait on each other's accounts.
  entries.sort((a, b) => (a.account_id < b.account_id ? -1 : a.account_id > b.account_id ? 1 : 0));
  const stamp = sql`${at.toISOString()}::timestamptz`;
  await tx.execute(sql`
    insert into ledger_transactions (id, org_id, type, description, reference_type, reference_id, metadata, created_at)
    select v.id, ${orgId}::uuid, v.type, v.description, v.reference_type, v.reference_id, v.metadata, ${stamp}
    from jsonb_to_recordset(${jsonRows(transactions)})
      as v(id uuid, type text, description text, reference_type text, reference_id uuid, metadata jsonb)`);
  try {
    await tx.execute(sql`
      insert into ledger_entries (id, transaction_id, account_id, currency, amount, created_at)
      select v.id, v.transaction_id, v.account_id, 'USDT', v.amount, ${stamp}
      from jsonb_to_recordset(${jsonRows(entries.map((entry, seq) => ({ ...entry, seq })))})
        as v(id uuid, transaction_id uuid, account_id uuid, amount numeric, seq int)
      order by v.seq`);
  } catch (error) {
    if (isNegativeBalanceViolation(error)) throw new InsufficientFundsError();
    throw error;
  }
  return released;
}

/** Recomputes status and counts of the batches from their orders (DESIGN "Batch status") and stores them. */
async function retally(
  tx: Executor,
  at: Date,
  batchIds: readonly string[],
  locked: Map<string, BatchRow>,
  allOrders?: readonly OrderRow[],
): Promise<BatchRow[]> {
  const groups = allOrders
    ? allOrders.map((order) => ({
        batchId: order.batchId,
        status: order.status,
        n: 1,
        amount: order.sourceAmount ?? '0',
      }))
    : await tx
        .select({
          batchId: payoutOrders.batchId,
          status: payoutOrders.status,
          n: sql<number>`count(*)::int`,
          amount: sql<string>`coalesce(sum(${payoutOrders.sourceAmount}), 0)::text`,
        })
        .from(payoutOrders)
        .where(sql`${payoutOrders.batchId} = any(${textArray(batchIds)}::uuid[])`)
        .groupBy(payoutOrders.batchId, payoutOrders.status);
  const byBatch = new Map<string, { statuses: OrderStatus[]; paid: Decimal; released: Decimal }>();
  for (const row of groups) {
    const batch = byBatch.get(row.batchId) ?? { statuses: [], paid: dec('0'), released: dec('0') };
    for (let i = 0; i < row.n; i += 1) batch.statuses.push(row.status);
    if (row.status === 'COMPLETED') batch.paid = batch.paid.plus(row.amount);
    if (isFailedOrderStatus(row.status)) batch.released = batch.released.plus(row.amount);
    byBatch.set(row.batchId, batch);
  }
  const tallies = batchIds.map((batchId) => {
    const batch = byBatch.get(batchId) ?? { statuses: [], paid: dec('0'), released: dec('0') };
    const confirmed = locked.get(batchId)!.confirmedAt !== null;
    const tally = deriveBatchStatus(batch.statuses, confirmed);
    return {
      id: batchId,
      status: tally.status,
      completed_count: tally.completedCount,
      failed_count: tally.failedCount,
      paid: batch.paid.toFixed(),
      // A draft that expires held nothing, so nothing goes back.
      released: confirmed ? batch.released.toFixed() : '0',
    };
  });
  return tx
    .update(payoutBatches)
    .set({
      status: sql`v.status`,
      completedCount: sql`v.completed_count`,
      failedCount: sql`v.failed_count`,
      paidSourceAmount: sql`v.paid`,
      releasedSourceAmount: sql`v.released`,
      updatedAt: sql`${at.toISOString()}::timestamptz`,
    })
    .from(
      sql`jsonb_to_recordset(${jsonRows(tallies)})
        as v(id uuid, status text, completed_count int, failed_count int, paid numeric, released numeric)`,
    )
    .where(sql`${payoutBatches.id} = v.id`)
    .returning(batchFields);
}
