// Owns the orders CSV export: one row per order created in a period, read a chunk at a time and streamed, so 100,000
// rows never sit in memory and no connection is held between chunks. Columns are ORDER_EXPORT_COLUMNS (documented on
// the operation); values as on the API.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type OrderStatus, payoutBatches, payoutOrders } from '@/db/schema/payouts';
import { beneficiaryProfiles, senderProfiles } from '@/db/schema/profiles';
import { ORDER_EXPORT_COLUMNS } from '@/lib/payouts/contract/operations';
import { csvCell, csvLine, csvText } from '@/lib/platform/csv';
import { chunkWindow, keyText, type RowKey } from '@/lib/platform/db/export-chunks';
import { orderFields, toWireOrder } from './rows';

/** The documented columns (declared with the operation, so the API reference and the file cannot drift). */
export const ORDER_EXPORT_HEADER = ORDER_EXPORT_COLUMNS;

const BATCH_ROWS = 1_000;

const order = payoutOrders;
const keyAt = keyText(order.createdAt);

/**
 * Rows in [from, to) in (created_at, id) order, read a chunk at a time with a keyset query of its own: the pool's
 * connection is used for one short statement per chunk and free while the client takes the chunk, so slow or stalled
 * readers cannot hold the pool (issue #29). What a file contains: the orders of the period whose key is at most the
 * last one when the export started (orders created after it starts are left out), each as it is when its chunk is
 * read — a status changing mid-export shows its newer value, and with `status=` an order that leaves that status
 * before its chunk is read is left out. For a period in the past the file is exact.
 */
export async function* exportOrdersCsv(
  executor: Executor,
  orgId: string,
  period: { from: string; to: string; status?: OrderStatus },
): AsyncGenerator<string> {
  yield csvLine([...ORDER_EXPORT_HEADER]);
  const inPeriod = and(
    eq(order.orgId, orgId),
    // Compared as PostgreSQL reads the period's instants, as the API documents them.
    sql`${order.createdAt} >= ${period.from}::timestamptz`,
    sql`${order.createdAt} < ${period.to}::timestamptz`,
    period.status ? eq(order.status, period.status) : undefined,
  );
  const [last] = await executor
    .select({ at: keyAt, id: order.id })
    .from(order)
    .where(inPeriod)
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(1);
  if (!last) return;
  // The chunk after `after` (from the first row when null), up to the last row as of the start; the parties as they
  // are named now (a renamed beneficiary shows its current name, as the pages do).
  const chunkAfter = (after: RowKey | null) =>
    executor
      .select({
        order: orderFields,
        batchReference: payoutBatches.clientReference,
        senderName: senderProfiles.legalName,
        beneficiaryName: beneficiaryProfiles.name,
        senderClientReference: senderProfiles.clientReference,
        beneficiaryClientReference: beneficiaryProfiles.clientReference,
        keyAt,
      })
      .from(order)
      .innerJoin(payoutBatches, eq(payoutBatches.id, order.batchId))
      .innerJoin(senderProfiles, eq(senderProfiles.id, order.senderProfileId))
      .innerJoin(beneficiaryProfiles, eq(beneficiaryProfiles.id, order.beneficiaryProfileId))
      .where(and(inPeriod, chunkWindow(order.createdAt, order.id, last, after)))
      .orderBy(asc(order.createdAt), asc(order.id))
      .limit(BATCH_ROWS);
  let after: RowKey | null = null;
  for (;;) {
    const rows = await chunkAfter(after);
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      const wire = toWireOrder(row.order);
      chunk += csvLine([
        wire.id,
        wire.batch_id,
        csvText(row.batchReference),
        csvText(wire.client_reference),
        wire.status,
        wire.sender_profile_id,
        wire.beneficiary_profile_id,
        wire.beneficiary_amount,
        wire.beneficiary_currency,
        wire.fee_type,
        csvCell(wire.fee_amount),
        wire.purpose_code,
        wire.source_currency,
        csvCell(wire.source_amount),
        csvText(wire.failure_message),
        csvCell(wire.expires_at),
        csvCell(wire.tracking_reference),
        wire.created_at,
        wire.updated_at,
        csvText(row.senderName),
        csvText(row.beneficiaryName),
        csvText(row.senderClientReference),
        csvText(row.beneficiaryClientReference),
      ]);
    }
    yield chunk;
    if (rows.length < BATCH_ROWS) return;
    const tail = rows.at(-1)!;
    after = { at: tail.keyAt, id: tail.order.id };
  }
}
