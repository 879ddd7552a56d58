// Owns reading batches and orders, always scoped to the organization: another organization's batch is `not_found`.
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { BatchStatus, OrderStatus } from '@/db/schema/payouts';
import type { BatchWire, BatchWithOrdersWire, OrderWire } from '@/lib/payouts/contract/schemas';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import {
  type CursorListEnvelope,
  type CursorPageRequest,
  cursorEnvelope,
  keysetStart,
} from '@/lib/platform/pagination/cursor';
import { BATCH_COLUMNS, type BatchRow, ORDER_COLUMNS, type OrderRow, toWireBatch, toWireOrder } from './rows';

export async function findBatch(executor: Executor, orgId: string, batchId: string): Promise<BatchRow> {
  const [row] = await executor.execute<BatchRow>(
    sql`select ${BATCH_COLUMNS} from payout_batches where org_id = ${orgId} and id = ${batchId}`,
  );
  if (!row) throw ApiError.notFound('Batch');
  return row;
}

export async function batchOrders(executor: Executor, orgId: string, batchId: string): Promise<OrderRow[]> {
  return executor.execute<OrderRow>(sql`
    select ${ORDER_COLUMNS} from payout_orders o
    where o.org_id = ${orgId} and o.batch_id = ${batchId} order by o.line_number`);
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

function where(conditions: SQL[]): SQL {
  return sql.join(conditions, sql` and `);
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
  const conditions = [sql`org_id = ${orgId}`];
  if (filters.status) conditions.push(sql`status = ${filters.status}`);
  if (filters.clientReference) conditions.push(sql`client_reference = ${filters.clientReference}`);
  if (filters.createdFrom) conditions.push(sql`created_at >= ${filters.createdFrom}::timestamptz`);
  if (filters.createdTo) conditions.push(sql`created_at < ${filters.createdTo}::timestamptz`);
  const rows = await executor.execute<BatchRow & { total: number }>(sql`
    select ${BATCH_COLUMNS}, count(*) over ()::int as total from payout_batches where ${where(conditions)}
    order by created_at desc, id desc limit ${filters.limit} offset ${pageOffset(filters)}`);
  const total = rows[0]?.total ?? (await count(executor, 'payout_batches', conditions));
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
  const conditions = [sql`o.org_id = ${orgId}`];
  if (filters.status) conditions.push(sql`o.status = ${filters.status}`);
  if (filters.batchId) conditions.push(sql`o.batch_id = ${filters.batchId}`);
  if (filters.createdFrom) conditions.push(sql`o.created_at >= ${filters.createdFrom}::timestamptz`);
  if (filters.createdTo) conditions.push(sql`o.created_at < ${filters.createdTo}::timestamptz`);
  if (order === 'line') {
    const rows = await executor.execute<OrderRow & { total: number }>(sql`
      select ${ORDER_COLUMNS}, count(*) over ()::int as total from payout_orders o where ${where(conditions)}
      order by o.line_number limit ${filters.limit} offset ${pageOffset(filters)}`);
    const total = rows[0]?.total ?? (await count(executor, 'payout_orders o', conditions));
    const envelope = listEnvelope(rows.map(toWireOrder), filters, total);
    return {
      ...envelope,
      meta: { ...envelope.meta, has_more: pageOffset(filters) + rows.length < total },
    };
  }
  const start = await keysetStart(executor, filters, {
    table: 'payout_orders',
    orgId,
    keys: sql`o.created_at, o.id`,
  });
  const direction = sql.raw(start.backwards ? 'asc' : 'desc');
  const keyset = start.condition ? [...conditions, start.condition] : conditions;
  // With a cursor the window count would only see the rows past it: the list's total is counted apart.
  const rows = await executor.execute<OrderRow & { total: number }>(sql`
    select ${ORDER_COLUMNS}, count(*) over ()::int as total from payout_orders o where ${where(keyset)}
    order by o.created_at ${direction}, o.id ${direction} limit ${start.fetch} offset ${start.offset}`);
  const total =
    start.condition || !rows[0] ? await count(executor, 'payout_orders o', conditions) : rows[0].total;
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
  const [row] = await executor.execute<OrderRow>(
    sql`select ${ORDER_COLUMNS} from payout_orders o where o.org_id = ${orgId} and o.id = ${orderId}`,
  );
  if (!row) throw ApiError.notFound('Order');
  return row;
}

export async function getOrder(executor: Executor, orgId: string, orderId: string): Promise<OrderWire> {
  return toWireOrder(await findOrder(executor, orgId, orderId));
}

async function count(executor: Executor, table: string, conditions: SQL[]): Promise<number> {
  const [row] = await executor.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.raw(table)} where ${where(conditions)}`,
  );
  return row?.n ?? 0;
}
