// Owns what an approval binds (DESIGN "What an approval binds"): a batch's review digest, rewritten in the transaction
// that changes any of its inputs, and the answer to a confirm that carries an older digest — what changed since.
// The canonical text is defined once, in SQL (payout_review_canonical, migration 0013), so the migration's backfill and
// the services cannot disagree; every digest a batch has had is kept in batch_reviews with that text, which is how a
// stale digest is turned into a diff without the client sending back what it saw.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { textArray } from '@/db/sql';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { formatFiat, formatUsdt, isFiatCurrency } from '@/lib/platform/money';
import { BATCH_COLUMNS_B, type BatchRow } from './rows';

/** The inputs of one order, as the canonical text carries them (key order is the SQL function's). */
export interface ReviewedOrder {
  beneficiary_amount: string;
  beneficiary_currency: string;
  fee_type: string;
  fee_amount: string | null;
  source_amount: string | null;
  purpose_code: string;
  sender_profile_id: string;
  sender_details_version: number;
  beneficiary_profile_id: string;
  beneficiary_details_version: number;
}

export interface ReviewInputs {
  quote_expires_at: string;
  orders: ReviewedOrder[];
}

/**
 * Recomputes the digest of the given batches still awaiting confirmation and stores it with its canonical text;
 * answers the batches whose digest changed, as they now read. The caller holds the batches' locks (or just created them).
 * `outdatedAt` marks the change as one an earlier reviewer has not seen (a party's details changed under the draft).
 */
export async function refreshReviewDigests(
  tx: Executor,
  orgId: string,
  batchIds: readonly string[],
  options: { at: Date; outdatedAt?: Date },
): Promise<(BatchRow & { previous: string })[]> {
  if (batchIds.length === 0) return [];
  const stamp = sql`${options.at.toISOString()}::timestamptz`;
  const outdated = options.outdatedAt ? sql`${options.outdatedAt.toISOString()}::timestamptz` : null;
  return tx.execute<BatchRow & { previous: string }>(sql`
    with fresh as (
      select b.id, b.review_digest as previous, c.canonical,
        encode(sha256(convert_to(c.canonical, 'UTF8')), 'hex') as digest
      from payout_batches b cross join lateral (select payout_review_canonical(b.id) as canonical) c
      where b.org_id = ${orgId} and b.id = any(${textArray([...batchIds])}::uuid[])
        and b.status = 'AWAITING_CONFIRMATION'
    ), kept as (
      insert into batch_reviews (batch_id, org_id, digest, canonical, created_at)
      select id, ${orgId}::uuid, digest, canonical, ${stamp} from fresh
      on conflict (batch_id, digest) do nothing
    )
    update payout_batches b set review_digest = f.digest
      ${outdated ? sql`, review_outdated_at = ${outdated}, updated_at = ${stamp}` : sql``}
    from fresh f
    where b.id = f.id and b.review_digest is distinct from f.digest
    returning ${BATCH_COLUMNS_B}, f.previous`);
}

const LABELS: Record<keyof ReviewedOrder, string> = {
  beneficiary_amount: 'the amount the beneficiary receives',
  beneficiary_currency: 'the currency',
  fee_type: 'the fee type',
  fee_amount: 'the fee',
  source_amount: 'the USDT to fund',
  purpose_code: 'the purpose',
  sender_profile_id: 'the sender',
  sender_details_version: "the sender's identity details",
  beneficiary_profile_id: 'the beneficiary',
  beneficiary_details_version: "the beneficiary's identity or bank details",
};

function shown(field: keyof ReviewedOrder, value: unknown, order: ReviewedOrder): string | null {
  if (value === null || value === undefined) return 'none';
  if (field === 'source_amount') return `${formatUsdt(String(value))} USDT`;
  if (field === 'beneficiary_amount' || field === 'fee_amount') {
    const currency = order.beneficiary_currency;
    return `${isFiatCurrency(currency) ? formatFiat(String(value), currency) : String(value)} ${currency}`;
  }
  // Versions and ids say nothing to a reader: the label says what changed.
  if (field.endsWith('_details_version') || field.endsWith('_profile_id')) return null;
  return String(value);
}

/** Every input that differs between what was reviewed and what is current: `orders.N.<field>` with code `changed`. */
export function diffReview(reviewed: ReviewInputs, current: ReviewInputs): FieldError[] {
  const errors: FieldError[] = [];
  if (reviewed.quote_expires_at !== current.quote_expires_at)
    errors.push({
      field: 'quote_expires_at',
      code: 'changed',
      message: `quote_expires_at: the batch was re-quoted (valid until ${current.quote_expires_at}, was ${reviewed.quote_expires_at})`,
    });
  current.orders.forEach((now, index) => {
    const before = reviewed.orders[index];
    for (const field of Object.keys(LABELS) as (keyof ReviewedOrder)[]) {
      if (before && before[field] === now[field]) continue;
      const at = `orders.${index}.${field}`;
      const was = before ? shown(field, before[field], before) : null;
      const is = shown(field, now[field], now);
      errors.push({
        field: at,
        code: 'changed',
        message:
          was !== null && is !== null
            ? `${at}: ${LABELS[field]} changed from ${was} to ${is}`
            : `${at}: ${LABELS[field]} changed since the review`,
      });
    }
  });
  return errors;
}

/**
 * Confirm's digest check: nothing to do when the client sent none (integrators may omit it) or the one the batch has;
 * otherwise `review_outdated` naming what changed since the digest the client saw.
 */
export async function assertReviewCurrent(
  tx: Executor,
  batch: { id: string; review_digest: string },
  sent: string | undefined,
): Promise<void> {
  if (sent === undefined || sent === batch.review_digest) return;
  const rows = await tx.execute<{ digest: string; canonical: string }>(sql`
    select digest, canonical from batch_reviews
    where batch_id = ${batch.id} and digest = any(${textArray([sent, batch.review_digest])})`);
  const text = new Map(rows.map((row) => [row.digest, row.canonical]));
  const reviewed = text.get(sent);
  const current = text.get(batch.review_digest);
  const errors: FieldError[] =
    reviewed && current
      ? diffReview(JSON.parse(reviewed) as ReviewInputs, JSON.parse(current) as ReviewInputs)
      : [
          {
            field: 'review_digest',
            code: 'unknown',
            message: 'review_digest: this batch never had that digest; read the batch again and review it',
          },
        ];
  throw reviewOutdated(errors);
}

/** The refusal of a confirm whose digest is not the batch's: what changed, each as `orders.N.<field>` `changed`. */
export function reviewOutdated(errors: FieldError[]): ApiError {
  const summary = errors
    .slice(0, 3)
    .map((error) => error.message)
    .join('; ');
  return new ApiError(
    'review_outdated',
    `the batch changed since it was reviewed: ${summary}${errors.length > 3 ? `; and ${errors.length - 3} more` : ''}. Review it again before confirming`,
    { fieldErrors: errors },
  );
}
