// Owns the database shapes of batches and orders as payouts reads them, and their API (wire) shapes.
import { getTableColumns, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { payoutBatches, payoutOrders } from '@/db/schema/payouts';
import { approvalColumn } from '@/lib/approvals/server';
import type { BatchMakerWire, BatchWire, OrderWire } from '@/lib/payouts/contract/schemas';
import { dec, formatFiat, formatUsdt, isFiatCurrency } from '@/lib/platform/money';

/**
 * The attached source file's metadata as one json value, or null; the composite key keeps the file in the batch's
 * organization. The inner tables carry their own aliases: in a single-table `update … returning` Drizzle writes the
 * batch's columns unqualified, and each inner name must still resolve to its own table (batch_makers has no `id`, files
 * no `source_file_id`, so those resolve to the batch).
 */
const sourceFileColumn = sql<{ name: string; size: number; sha256: string } | null>`(select json_build_object(
     'name', f.file_name, 'size', f.size_bytes, 'sha256', f.sha256)
   from files f where f.id = ${payoutBatches.sourceFileId})`;

/** The batch's makers (lib/payouts/server/makers.ts) as one json value, with each user's or key's current name. */
const makersColumn = sql<BatchMakerWire[]>`(select coalesce(json_agg(json_build_object(
     'type', case when m.user_id is null then 'api_key' else 'user' end,
     'id', coalesce(m.user_id, m.api_key_id),
     'name', coalesce((select u.name from users u where u.id = m.user_id),
                      (select k.name from api_keys k where k.id = m.api_key_id)),
     'user_id', coalesce(m.user_id, (select k.created_by_user_id from api_keys k where k.id = m.api_key_id)))
     order by m.created_at, coalesce(m.user_id, m.api_key_id)), '[]'::json)
   from batch_makers m where m.batch_id = ${payoutBatches.id})`;

/** What every read of a batch selects (or returns): its columns, its source file and its makers. */
export const batchFields = {
  ...getTableColumns(payoutBatches),
  sourceFile: sourceFileColumn,
  makers: makersColumn,
  approval: approvalColumn('batch', sql.raw('"payout_batches"."id"')),
};
export type BatchRow = SelectResultFields<typeof batchFields>;

// The parties snapshot is left out: no read of an order as the API shows it needs it, and it holds ciphertext.
const { parties: _parties, ...orderColumns } = getTableColumns(payoutOrders);
/** What every read of an order selects (or returns). */
export const orderFields = orderColumns;
export type OrderRow = SelectResultFields<typeof orderFields>;

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const iso = (value: Date | string) => asDate(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function fiat(amount: string, currency: string): string {
  return isFiatCurrency(currency) ? formatFiat(amount, currency) : amount;
}

/** Where the batch's total is now: held for orders still under way, paid out, or back in the available balance. */
function batchFunds(row: BatchRow): BatchWire['funds'] {
  const paid = dec(row.paidSourceAmount);
  const released = dec(row.releasedSourceAmount);
  const held = row.confirmedAt === null ? dec('0') : dec(row.totalSourceAmount).minus(paid).minus(released);
  return { held: formatUsdt(held), paid: formatUsdt(paid), released: formatUsdt(released) };
}

export function toWireBatch(row: BatchRow): BatchWire {
  return {
    id: row.id,
    status: row.status,
    total_count: row.totalCount,
    completed_count: row.completedCount,
    failed_count: row.failedCount,
    client_reference: row.clientReference,
    source_amount_total: formatUsdt(row.totalSourceAmount),
    funds: batchFunds(row),
    quote_expires_at: iso(row.quoteExpiresAt),
    confirmed_at: isoOrNull(row.confirmedAt),
    created_by:
      row.createdByUserId !== null
        ? { type: 'user', id: row.createdByUserId }
        : { type: 'api_key', id: row.createdByApiKeyId ?? '' },
    source_file: row.sourceFile,
    makers: row.makers,
    review_digest: row.reviewDigest,
    review_outdated_at: isoOrNull(row.reviewOutdatedAt),
    approval_digest: row.approvalDigest,
    approval: row.approval,
    source: row.source,
    // What the caller may do next is the server's to say on a read for that caller; an event has no caller.
    actions: null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function toWireOrder(row: OrderRow): OrderWire {
  return {
    id: row.id,
    batch_id: row.batchId,
    sender_profile_id: row.senderProfileId,
    beneficiary_profile_id: row.beneficiaryProfileId,
    fee_type: row.feeType,
    purpose_code: row.purposeCode,
    beneficiary_amount: fiat(row.beneficiaryAmount, row.beneficiaryCurrency),
    beneficiary_currency: row.beneficiaryCurrency,
    fee_amount: row.feeAmount === null ? null : fiat(row.feeAmount, row.beneficiaryCurrency),
    source_currency: 'USDT',
    source_amount: row.sourceAmount === null ? null : formatUsdt(row.sourceAmount),
    status: row.status,
    failure_message: row.failureMessage,
    expires_at: isoOrNull(row.expiresAt),
    client_reference: row.clientReference,
    tracking_reference: row.trackingReference,
    bank_reference: row.bankReference,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
