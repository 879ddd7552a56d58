// Owns reading batches and orders, always scoped to the organization: another organization's batch is `not_found`.
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { type BatchStatus, type OrderStatus, payoutBatches, payoutOrders } from '@/db/schema/payouts';
import type { BatchWire, BatchWithOrdersWire, OrderWire } from '@/lib/payouts/contract/schemas';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import {
  type CursorListEnvelope,
  type CursorPageRequest,
  cursorEnvelope,
  keysetStart,
} from '@/lib/platform/pagination/cursor';
import { type BatchRow, batchFields, type OrderRow, orderFields, toWireBatch, toWireOrder } from './rows';

const b = payoutBatches;
const o = payoutOrders;
/** The list's total in the same statement as its page. */
const windowTotal = sql<number>`count(*) over ()::int`;

export async function findBatch(executor: Executor, orgId: string, batchId: string): Promise<BatchRow> {
  const [row] = await executor
    .select(batchFields)
    .from(b)
    .where(and(eq(b.orgId, orgId), eq(b.id, batchId)));
  if (!row) throw ApiError.notFound('Batch');
  return row;
}

export async function batchOrders(executor: Executor, orgId: string, batchId: string): Promise<OrderRow[]> {
  return executor
    .select(orderFields)
    .from(o)
    .where(and(eq(o.orgId, orgId), eq(o.batchId, batchId)))
    .orderBy(o.lineNumber);
}

export async function getBatchWithOrders(
  executor: Executor,
  orgId: string,
  batchId: string,
): Promise<BatchWithOrdersWire> {
  const [batch, orders] = await Promise.all([
    findBatch(executor, orgId, batchId),
    batchOrders(executor, orgId, batchId),
  ]);
  return { batch: toWireBatch(batch), orders: orders.map(toWireOrder) };
}

export interface BatchFilters extends PageRequest {
  status?: BatchStatus;
  clientReference?: string;
  createdFrom?: string;
  createdTo?: string;
}

/** Newest first (created_at, then id: UUIDv7 ids are time-ordered), with the total in the same statement. */
export async function listBatches(
  executor: Executor,
  orgId: string,
  filters: BatchFilters,
): Promise<ListEnvelope<BatchWire>> {
  const conditions = [eq(b.orgId, orgId)];
  if (filters.status) conditions.push(eq(b.status, filters.status));
  if (filters.clientReference) conditions.push(eq(b.clientReference, filters.clientReference));
  // The bounds stay text cast by PostgreSQL, as the query string gives them.
  if (filters.createdFrom) conditions.push(sql`${b.createdAt} >= ${filters.createdFrom}::timestamptz`);
  if (filters.createdTo) conditions.push(sql`${b.createdAt} < ${filters.createdTo}::timestamptz`);
  const rows = await executor
    .select({ ...batchFields, total: windowTotal })
    .from(b)
    .where(and(...conditions))
    .orderBy(desc(b.createdAt), desc(b.id))
    .limit(filters.limit)
    .offset(pageOffset(filters));
  const total = rows[0]?.total ?? (await count(executor, b, conditions));
  return listEnvelope(rows.map(toWireBatch), filters, total);
}

export interface OrderFilters extends CursorPageRequest {
  status?: OrderStatus;
  batchId?: string;
  createdFrom?: string;
  createdTo?: string;
}

export async function listOrders(
  executor: Executor,
  orgId: string,
  filters: OrderFilters,
  order: 'newest' | 'line' = 'newest',
): Promise<CursorListEnvelope<OrderWire>> {
  const conditions: SQL[] = [eq(o.orgId, orgId)];
  if (filters.status) conditions.push(eq(o.status, filters.status));
  if (filters.batchId) conditions.push(eq(o.batchId, filters.batchId));
  if (filters.createdFrom) conditions.push(sql`${o.createdAt} >= ${filters.createdFrom}::timestamptz`);
  if (filters.createdTo) conditions.push(sql`${o.createdAt} < ${filters.createdTo}::timestamptz`);
  if (order === 'line') {
    const rows = await executor
      .select({ ...orderFields, total: windowTotal })
      .from(o)
      .where(and(...conditions))
      .orderBy(o.lineNumber)
      .limit(filters.limit)
      .offset(pageOffset(filters));
    const total = rows[0]?.total ?? (await count(executor, o, conditions));
    const envelope = listEnvelope(rows.map(toWireOrder), filters, total);
    return {
      ...envelope,
      meta: { ...envelope.meta, has_more: pageOffset(filters) + rows.length < total },
    };
  }
  const start = await keysetStart(executor, filters, {
    table: o,
    orgId,
    keys: sql`${o.createdAt}, ${o.id}`,
  });
  const direction = start.backwards ? asc : desc;
  const keyset = start.condition ? [...conditions, start.condition] : conditions;
  // With a cursor the window count would only see the rows past it: the list's total is counted apart.
  const rows = await executor
    .select({ ...orderFields, total: windowTotal })
    .from(o)
    .where(and(...keyset))
    .orderBy(direction(o.createdAt), direction(o.id))
    .limit(start.fetch)
    .offset(start.offset);
  const total = start.condition || !rows[0] ? await count(executor, o, conditions) : rows[0].total;
  return cursorEnvelope(rows.map(toWireOrder), filters, total, start);
}

/** A batch's orders in request order; an unknown batch is `not_found` (not an empty page). */
export async function listBatchOrders(
  executor: Executor,
  orgId: string,
  batchId: string,
  filters: PageRequest & { status?: OrderStatus },
): Promise<ListEnvelope<OrderWire>> {
  await findBatch(executor, orgId, batchId);
  return listOrders(executor, orgId, { ...filters, batchId }, 'line');
}

export async function findOrder(executor: Executor, orgId: string, orderId: string): Promise<OrderRow> {
  const [row] = await executor
    .select(orderFields)
    .from(o)
    .where(and(eq(o.orgId, orgId), eq(o.id, orderId)));
  if (!row) throw ApiError.notFound('Order');
  return row;
}

export async function getOrder(executor: Executor, orgId: string, orderId: string): Promise<OrderWire> {
  return toWireOrder(await findOrder(executor, orgId, orderId));
}

async function count(executor: Executor, table: PgTable, conditions: SQL[]): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(...conditions));
  return row?.n ?? 0;
}
