// Owns the orders CSV export: one row per order created in a period, read a chunk at a time and streamed, so 100,000
// rows never sit in memory and no connection is held between chunks. Columns are ORDER_EXPORT_COLUMNS (documented on
// the operation); values as on the API.
import type { Sql } from 'postgres';
import type { OrderStatus } from '@/db/schema/payouts';
import { ORDER_EXPORT_COLUMNS } from '@/lib/payouts/contract/operations';
import { csvCell, csvLine, csvText } from '@/lib/platform/csv';
import { type OrderRow, toWireOrder } from './rows';

/** The documented columns (declared with the operation, so the API reference and the file cannot drift). */
export const ORDER_EXPORT_HEADER = ORDER_EXPORT_COLUMNS;

const BATCH_ROWS = 1_000;

/** The parties as they are named now (a renamed beneficiary shows its current name, as the pages do). */
interface PartyNames {
  sender_name: string;
  beneficiary_name: string;
  sender_client_reference: string | null;
  beneficiary_client_reference: string | null;
}

/**
 * An order as this raw statement reads it: the builder's order row (rows.ts), except that timestamps arrive as text
 * (Drizzle's driver setup leaves date parsing to its own mappers) and are made Dates before the wire mapping.
 */
type RawOrder = Omit<OrderRow, 'expiresAt' | 'createdAt' | 'updatedAt'> & {
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** An order's place in the export's order, exact to the microsecond (a JS Date would round it to the millisecond). */
type RowKey = { at: string; id: string };

/**
 * Rows in [from, to) in (created_at, id) order, read a chunk at a time with a keyset query of its own: the pool's
 * connection is used for one short statement per chunk and free while the client takes the chunk, so slow or stalled
 * readers cannot hold the pool (issue #29). What a file contains: the orders of the period whose key is at most the
 * last one when the export started (orders created after it starts are left out), each as it is when its chunk is
 * read — a status changing mid-export shows its newer value, and with `status=` an order that leaves that status
 * before its chunk is read is left out. For a period in the past the file is exact.
 */
export async function* exportOrdersCsv(
  sql: Sql,
  orgId: string,
  period: { from: string; to: string; status?: OrderStatus },
): AsyncGenerator<string> {
  yield csvLine([...ORDER_EXPORT_HEADER]);
  const inPeriod = sql`o.org_id = ${orgId} and o.created_at >= ${period.from}::timestamptz
    and o.created_at < ${period.to}::timestamptz ${period.status ? sql`and o.status = ${period.status}` : sql``}`;
  const [last] = await sql<RowKey[]>`
    select o.created_at::text as at, o.id from payout_orders o where ${inPeriod}
    order by o.created_at desc, o.id desc limit 1`;
  if (!last) return;
  let after: RowKey | null = null;
  for (;;) {
    // Streamed through the raw client (no pool connection held between chunks), so the names are the row's own.
    const rows: (RawOrder & PartyNames & { batch_reference: string | null; key_at: string })[] = await sql`
      select o.id, o.batch_id as "batchId", o.org_id as "orgId", o.line_number as "lineNumber",
        o.sender_profile_id as "senderProfileId", o.beneficiary_profile_id as "beneficiaryProfileId",
        o.fee_type as "feeType", o.purpose_code as "purposeCode", o.beneficiary_amount::text as "beneficiaryAmount",
        o.beneficiary_currency as "beneficiaryCurrency", o.fee_amount::text as "feeAmount",
        o.source_currency as "sourceCurrency", o.source_amount::text as "sourceAmount", o.status,
        o.failure_message as "failureMessage", o.expires_at as "expiresAt", o.client_reference as "clientReference",
        o.rail_reference as "railReference", o.tracking_reference as "trackingReference",
        o.created_at as "createdAt", o.updated_at as "updatedAt",
        b.client_reference as batch_reference, o.created_at::text as key_at,
        s.legal_name as sender_name, bp.name as beneficiary_name,
        s.client_reference as sender_client_reference, bp.client_reference as beneficiary_client_reference
      from payout_orders o join payout_batches b on b.id = o.batch_id
        join sender_profiles s on s.id = o.sender_profile_id
        join beneficiary_profiles bp on bp.id = o.beneficiary_profile_id
      where ${inPeriod}
        and (o.created_at, o.id) <= (${last.at}::timestamptz, ${last.id}::uuid)
        ${after ? sql`and (o.created_at, o.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by o.created_at, o.id
      limit ${BATCH_ROWS}`;
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      const order = toWireOrder({
        ...row,
        expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
        createdAt: new Date(row.createdAt),
        updatedAt: new Date(row.updatedAt),
      });
      chunk += csvLine([
        order.id,
        order.batch_id,
        csvText(row.batch_reference),
        csvText(order.client_reference),
        order.status,
        order.sender_profile_id,
        order.beneficiary_profile_id,
        order.beneficiary_amount,
        order.beneficiary_currency,
        order.fee_type,
        csvCell(order.fee_amount),
        order.purpose_code,
        order.source_currency,
        csvCell(order.source_amount),
        csvText(order.failure_message),
        csvCell(order.expires_at),
        csvCell(order.tracking_reference),
        order.created_at,
        order.updated_at,
        csvText(row.sender_name),
        csvText(row.beneficiary_name),
        csvText(row.sender_client_reference),
        csvText(row.beneficiary_client_reference),
      ]);
    }
    yield chunk;
    if (rows.length < BATCH_ROWS) return;
    const tail = rows.at(-1)!;
    after = { at: tail.key_at, id: tail.id };
  }
}
