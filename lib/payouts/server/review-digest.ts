// Owns what an approval binds (DESIGN "What an approval binds"): a batch's review digest, rewritten in the transaction
// that changes any of its inputs, and the answer to a confirm that carries an older digest — what changed since.
// The canonical text is defined once, in SQL (payout_review_canonical, migration 0013), so the migration's backfill and
// the services cannot disagree; every digest a batch has had is kept in batch_reviews with that text, which is how a
// stale digest is turned into a diff without the client sending back what it saw.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { batchReviews, payoutBatches } from '@/db/schema/payouts';
import { textArray } from '@/db/sql';
import { approvalDigestChanged } from '@/lib/approvals/server';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { formatFiat, formatUsdt, isFiatCurrency } from '@/lib/platform/money';
import { type BatchRow, batchFields } from './rows';

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
  const b = payoutBatches;
  // The canonical text is computed once per batch (the lateral join) and both stored and hashed.
  const fresh = tx.$with('fresh').as(
    tx
      .select({
        // Not `id`: the update below names fresh's columns unqualified, beside payout_batches' own `id`.
        batchId: sql<string>`${b.id}`.as('batch_id'),
        previous: sql<string>`${b.reviewDigest}`.as('previous'),
        canonical: sql<string>`c.canonical`.as('canonical'),
        digest: sql<string>`encode(sha256(convert_to(c.canonical, 'UTF8')), 'hex')`.as('digest'),
        approvalDigest: sql<string>`${APPROVAL_DIGEST_OF_CANONICAL}`.as('fresh_approval_digest'),
      })
      .from(sql`${b} cross join lateral (select payout_review_canonical(${b.id}) as canonical) c`)
      .where(
        and(
          eq(b.orgId, orgId),
          sql`${b.id} = any(${textArray([...batchIds])}::uuid[])`,
          eq(b.status, 'AWAITING_CONFIRMATION'),
        ),
      ),
  );
  const kept = tx.$with('kept').as(
    tx
      .insert(batchReviews)
      .select(
        tx
          .select({
            batchId: fresh.batchId,
            orgId: sql<string>`${orgId}::uuid`.as('org_id'),
            digest: fresh.digest,
            canonical: fresh.canonical,
            createdAt: sql<Date>`${stamp}`.as('created_at'),
          })
          .from(fresh),
      )
      .onConflictDoNothing({ target: [batchReviews.batchId, batchReviews.digest] }),
  );
  return tx
    .with(fresh, kept)
    .update(b)
    .set({
      reviewDigest: sql`${fresh.digest}`,
      approvalDigest: sql`${fresh.approvalDigest}`,
      // Drizzle would otherwise stamp updated_at itself ($onUpdateFn): only an outdating change moves it.
      ...(outdated ? { reviewOutdatedAt: outdated, updatedAt: stamp } : { updatedAt: sql`${b.updatedAt}` }),
    })
    .from(fresh)
    .where(and(eq(b.id, fresh.batchId), sql`${b.reviewDigest} is distinct from ${fresh.digest}`))
    .returning({ ...batchFields, previous: fresh.previous })
    .then(async (changed) => {
      // What the approvals bind changed too (not just the quote): the approvals given so far are cleared.
      for (const row of changed)
        await approvalDigestChanged(tx, {
          orgId,
          object: 'batch',
          objectId: row.id,
          approvalDigest: row.approvalDigest ?? '',
          at: options.at,
        });
      return changed;
    });
}

/**
 * The approval digest from the canonical review text `c.canonical` (DESIGN "Approvals"): the orders without what the
 * quote sets (`fee_amount`, `source_amount`) and without the quote's expiry, as jsonb's own canonical text.
 */
export const APPROVAL_DIGEST_OF_CANONICAL = sql.raw(
  `encode(sha256(convert_to(coalesce((select jsonb_agg(t.o - 'fee_amount' - 'source_amount' order by t.n) from jsonb_array_elements(c.canonical::jsonb -> 'orders') with ordinality as t(o, n)), '[]'::jsonb)::text, 'UTF8')), 'hex')`,
);

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
  batch: Pick<BatchRow, 'id' | 'reviewDigest'>,
  sent: string | undefined,
): Promise<void> {
  if (sent === undefined || sent === batch.reviewDigest) return;
  const rows = await tx
    .select({ digest: batchReviews.digest, canonical: batchReviews.canonical })
    .from(batchReviews)
    .where(
      and(
        eq(batchReviews.batchId, batch.id),
        sql`${batchReviews.digest} = any(${textArray([sent, batch.reviewDigest])})`,
      ),
    );
  const text = new Map(rows.map((row) => [row.digest, row.canonical]));
  const reviewed = text.get(sent);
  const current = text.get(batch.reviewDigest);
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
