// Owns the database shapes of batches and orders as payouts reads them, and their API (wire) shapes.
import { sql } from 'drizzle-orm';
import type { BatchStatus, FeeType, OrderStatus, PurposeCode } from '@/db/schema/payouts';
import type { BatchMakerWire, BatchWire, OrderWire } from '@/lib/payouts/contract/schemas';
import { dec, formatFiat, formatUsdt, isFiatCurrency } from '@/lib/platform/money';

export type BatchRow = {
  id: string;
  org_id: string;
  status: BatchStatus;
  total_count: number;
  completed_count: number;
  failed_count: number;
  client_reference: string | null;
  total_source_amount: string;
  paid_source_amount: string;
  released_source_amount: string;
  quote_expires_at: Date;
  draft_expires_at: Date;
  created_by_user_id: string | null;
  created_by_api_key_id: string | null;
  confirmed_at: Date | null;
  /** The attached source CSV's metadata (json from SOURCE_FILE_COLUMN), or null. */
  source_file: { name: string; size: number; sha256: string } | null;
  /** The batch's makers as the wire lists them (json from makersColumn), first made first. */
  makers: BatchMakerWire[];
  review_digest: string;
  review_outdated_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/**
 * The attached source file's metadata as one json column. `source_file_id` is left unqualified so it resolves to
 * payout_batches under any alias; the composite key keeps the file in the batch's organization.
 */
const SOURCE_FILE_COLUMN = `(select json_build_object('name', f.file_name, 'size', f.size_bytes, 'sha256', f.sha256)
   from files f where f.id = source_file_id) as source_file`;

/**
 * The batch's makers (lib/payouts/server/makers.ts) as one json column, with each user's or key's current name. `batch` is how
 * the statement names the batch's id: `id` unqualified resolves to payout_batches, since batch_makers has no `id`.
 */
const makersColumn = (batch: 'id' | 'b.id') => `(select coalesce(json_agg(json_build_object(
     'type', case when m.user_id is null then 'api_key' else 'user' end,
     'id', coalesce(m.user_id, m.api_key_id),
     'name', coalesce((select u.name from users u where u.id = m.user_id),
                      (select k.name from api_keys k where k.id = m.api_key_id)),
     'user_id', coalesce(m.user_id, (select k.created_by_user_id from api_keys k where k.id = m.api_key_id)))
     order by m.created_at, coalesce(m.user_id, m.api_key_id)), '[]'::json)
   from batch_makers m where m.batch_id = ${batch}) as makers`;

export type OrderRow = {
  id: string;
  batch_id: string;
  org_id: string;
  line_number: number;
  sender_profile_id: string;
  beneficiary_profile_id: string;
  fee_type: FeeType;
  purpose_code: PurposeCode;
  beneficiary_amount: string;
  beneficiary_currency: string;
  fee_amount: string | null;
  source_amount: string | null;
  status: OrderStatus;
  failure_message: string | null;
  expires_at: Date | null;
  client_reference: string | null;
  tracking_reference: string | null;
  created_at: Date;
  updated_at: Date;
};

export const BATCH_COLUMNS = sql.raw(
  `id, org_id, status, total_count, completed_count, failed_count, client_reference,
   total_source_amount::text as total_source_amount, paid_source_amount::text as paid_source_amount,
   released_source_amount::text as released_source_amount, quote_expires_at, draft_expires_at, created_by_user_id,
   created_by_api_key_id, confirmed_at, ${SOURCE_FILE_COLUMN}, ${makersColumn('id')}, review_digest, review_outdated_at, created_at, updated_at`,
);

/** BATCH_COLUMNS qualified by `b.`, for statements that join another table carrying the same column names. */
export const BATCH_COLUMNS_B = sql.raw(
  `b.id, b.org_id, b.status, b.total_count, b.completed_count, b.failed_count, b.client_reference,
   b.total_source_amount::text as total_source_amount, b.paid_source_amount::text as paid_source_amount,
   b.released_source_amount::text as released_source_amount, b.quote_expires_at, b.draft_expires_at, b.created_by_user_id,
   b.created_by_api_key_id, b.confirmed_at, ${SOURCE_FILE_COLUMN}, ${makersColumn('b.id')}, b.review_digest, b.review_outdated_at, b.created_at,
   b.updated_at`,
);

/** Qualified by `o.` so it works in joins. */
export const ORDER_COLUMNS = sql.raw(
  `o.id, o.batch_id, o.org_id, o.line_number, o.sender_profile_id, o.beneficiary_profile_id, o.fee_type,
   o.purpose_code, o.beneficiary_amount::text as beneficiary_amount, o.beneficiary_currency,
   o.fee_amount::text as fee_amount, o.source_amount::text as source_amount, o.status, o.failure_message,
   o.expires_at, o.client_reference, o.tracking_reference, o.created_at, o.updated_at`,
);

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const iso = (value: Date | string) => asDate(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function fiat(amount: string, currency: string): string {
  return isFiatCurrency(currency) ? formatFiat(amount, currency) : amount;
}

/** Where the batch's total is now: held for orders still under way, paid out, or back in the available balance. */
function batchFunds(row: BatchRow): BatchWire['funds'] {
  const paid = dec(row.paid_source_amount);
  const released = dec(row.released_source_amount);
  const held =
    row.confirmed_at === null ? dec('0') : dec(row.total_source_amount).minus(paid).minus(released);
  return { held: formatUsdt(held), paid: formatUsdt(paid), released: formatUsdt(released) };
}

export function toWireBatch(row: BatchRow): BatchWire {
  return {
    id: row.id,
    status: row.status,
    total_count: row.total_count,
    completed_count: row.completed_count,
    failed_count: row.failed_count,
    client_reference: row.client_reference,
    source_amount_total: formatUsdt(row.total_source_amount),
    funds: batchFunds(row),
    quote_expires_at: iso(row.quote_expires_at),
    confirmed_at: isoOrNull(row.confirmed_at),
    created_by:
      row.created_by_user_id !== null
        ? { type: 'user', id: row.created_by_user_id }
        : { type: 'api_key', id: row.created_by_api_key_id ?? '' },
    source_file: row.source_file,
    makers: row.makers,
    review_digest: row.review_digest,
    review_outdated_at: isoOrNull(row.review_outdated_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function toWireOrder(row: OrderRow): OrderWire {
  return {
    id: row.id,
    batch_id: row.batch_id,
    sender_profile_id: row.sender_profile_id,
    beneficiary_profile_id: row.beneficiary_profile_id,
    fee_type: row.fee_type,
    purpose_code: row.purpose_code,
    beneficiary_amount: fiat(row.beneficiary_amount, row.beneficiary_currency),
    beneficiary_currency: row.beneficiary_currency,
    fee_amount: row.fee_amount === null ? null : fiat(row.fee_amount, row.beneficiary_currency),
    source_currency: 'USDT',
    source_amount: row.source_amount === null ? null : formatUsdt(row.source_amount),
    status: row.status,
    failure_message: row.failure_message,
    expires_at: isoOrNull(row.expires_at),
    client_reference: row.client_reference,
    tracking_reference: row.tracking_reference,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
