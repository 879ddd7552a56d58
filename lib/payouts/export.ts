// Owns the orders CSV export: one row per order created in a period, read with a cursor and streamed, so 100,000
// rows never sit in memory. Columns are ORDER_EXPORT_COLUMNS (documented on the operation); values as on the API.
import type { Sql } from 'postgres';
import type { OrderStatus } from '@/db/schema/payouts';
import { ORDER_EXPORT_COLUMNS } from '@/lib/api/operations/payouts';
import { csvCell, csvLine, csvText } from './csv';
import { type OrderRow, toWireOrder } from './rows';

/** The documented columns (declared with the operation, so the API reference and the file cannot drift). */
export const ORDER_EXPORT_HEADER = ORDER_EXPORT_COLUMNS;

const BATCH_ROWS = 1_000;

export async function* exportOrdersCsv(
  sql: Sql,
  orgId: string,
  period: { from: string; to: string; status?: OrderStatus },
): AsyncGenerator<string> {
  yield csvLine([...ORDER_EXPORT_HEADER]);
  const status = period.status ?? null;
  const cursor = sql<(OrderRow & { batch_reference: string | null })[]>`
    select o.id, o.batch_id, o.org_id, o.line_number, o.sender_profile_id, o.beneficiary_profile_id, o.fee_type,
      o.purpose_code, o.beneficiary_amount::text as beneficiary_amount, o.beneficiary_currency,
      o.fee_amount::text as fee_amount, o.source_amount::text as source_amount, o.status, o.failure_message,
      o.expires_at, o.client_reference, o.tracking_reference, o.created_at, o.updated_at,
      b.client_reference as batch_reference
    from payout_orders o join payout_batches b on b.id = o.batch_id
    where o.org_id = ${orgId} and o.created_at >= ${period.from}::timestamptz and o.created_at < ${period.to}::timestamptz
      and (${status}::text is null or o.status = ${status}::text)
    order by o.created_at, o.id`.cursor(BATCH_ROWS);
  for await (const rows of cursor) {
    let chunk = '';
    for (const row of rows) {
      const order = toWireOrder(row);
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
      ]);
    }
    yield chunk;
  }
}
