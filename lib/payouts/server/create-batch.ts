// Owns createBatch: check every order (profiles, files, corridor), quote them all, and store the draft batch with its
// orders, quote snapshots and events in one transaction — a constant number of statements for 1 or 5,000 orders.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { files } from '@/db/schema/platform/files';
import { beneficiaryProfiles, senderProfiles } from '@/db/schema/profiles';
import { jsonRows, textArray } from '@/db/sql';
import type { BatchSource } from '@/lib/approvals/contract/enums';
import type { ServiceActor } from '@/lib/identity/server';
import type { BatchWithOrdersWire, CreateBatchBody } from '@/lib/payouts/contract/schemas';
import { businessNow } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import type { FieldErrorCode } from '@/lib/platform/errors/field-codes';
import { newId } from '@/lib/platform/ids';
import { Decimal } from '@/lib/platform/money';
import { loadPricing, type OrderQuote, quoteWith } from '@/lib/pricing/server';
import { openBatchApproval } from './batch-approval';
import { assertDraftRoom } from './draft-limit';
import { recordPayoutEvents } from './events';
import { recordMaker } from './makers';
import { PARTIES_SNAPSHOT_SQL } from './parties-snapshot';
import { getBatchWithOrders } from './read';
import { refreshReviewDigests } from './review-digest';
import { toWireBatch } from './rows';

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
const addDays = (date: Date, days: number) => addMinutes(date, days * 24 * 60);

/** A `bad_request` that names every failing order at once, so a CSV import can mark every bad row. */
export function ordersRefused(errors: FieldError[], what = 'the batch was not created'): ApiError {
  const message =
    errors.length === 1
      ? errors[0]!.message
      : `${errors.length} problems, ${what}: ${errors
          .slice(0, 3)
          .map((e) => e.message)
          .join('; ')}${errors.length > 3 ? '; …' : ''}`;
  return new ApiError('bad_request', message, { code: 'orders_invalid', fieldErrors: errors });
}

/** Checks profiles and proof files of every order; returns every problem, each naming its order's field. */
async function checkParties(executor: Executor, orgId: string, body: CreateBatchBody): Promise<FieldError[]> {
  const senderIds = [...new Set(body.orders.map((o) => o.sender_profile_id))];
  const beneficiaryIds = [...new Set(body.orders.map((o) => o.beneficiary_profile_id))];
  const fileIds = [...new Set(body.orders.flatMap((o) => o.file_ids ?? []))];
  // Built, not run: Drizzle runs a query only when awaited, so no file ids means no statement.
  const proofFiles = executor
    .select({ id: files.id, senderProfileId: files.senderProfileId })
    .from(files)
    .where(and(eq(files.orgId, orgId), sql`${files.id} = any(${textArray(fileIds)}::uuid[])`));
  const [senders, beneficiaries, fileRows] = await Promise.all([
    executor
      .select({ id: senderProfiles.id, status: senderProfiles.status })
      .from(senderProfiles)
      .where(
        and(
          eq(senderProfiles.orgId, orgId),
          sql`${senderProfiles.id} = any(${textArray(senderIds)}::uuid[])`,
        ),
      ),
    executor
      .select({
        id: beneficiaryProfiles.id,
        status: beneficiaryProfiles.status,
        senderProfileId: beneficiaryProfiles.senderProfileId,
        currency: beneficiaryProfiles.currency,
      })
      .from(beneficiaryProfiles)
      .where(
        and(
          eq(beneficiaryProfiles.orgId, orgId),
          sql`${beneficiaryProfiles.id} = any(${textArray(beneficiaryIds)}::uuid[])`,
        ),
      ),
    fileIds.length === 0 ? Promise.resolve([] as Awaited<typeof proofFiles>) : proofFiles,
  ]);
  const senderById = new Map(senders.map((row) => [row.id, row]));
  const beneficiaryById = new Map(beneficiaries.map((row) => [row.id, row]));
  const fileById = new Map(fileRows.map((row) => [row.id, row]));

  const errors: FieldError[] = [];
  const add = (field: string, code: FieldErrorCode, message: string) =>
    errors.push({ field, code, message: `${field}: ${message}` });
  body.orders.forEach((order, index) => {
    const at = `orders.${index}`;
    const sender = senderById.get(order.sender_profile_id);
    if (!sender) add(`${at}.sender_profile_id`, 'not_found', 'sender profile not found');
    else if (sender.status !== 'ready')
      add(
        `${at}.sender_profile_id`,
        'profile_not_ready',
        `sender profile is not ready (it is ${sender.status})`,
      );
    const beneficiary = beneficiaryById.get(order.beneficiary_profile_id);
    if (!beneficiary) add(`${at}.beneficiary_profile_id`, 'not_found', 'beneficiary profile not found');
    else {
      if (beneficiary.status !== 'ready')
        add(
          `${at}.beneficiary_profile_id`,
          'profile_not_ready',
          `beneficiary profile is not ready (it is ${beneficiary.status})`,
        );
      if (sender && beneficiary.senderProfileId !== sender.id)
        add(`${at}.beneficiary_profile_id`, 'sender_mismatch', 'the beneficiary belongs to another sender');
      if (beneficiary.currency !== order.beneficiary_currency)
        add(
          `${at}.beneficiary_currency`,
          'currency_mismatch',
          `the beneficiary is paid in ${beneficiary.currency}, not ${order.beneficiary_currency}`,
        );
    }
    (order.file_ids ?? []).forEach((fileId, fileIndex) => {
      const file = fileById.get(fileId);
      if (!file) add(`${at}.file_ids.${fileIndex}`, 'not_found', 'file not found');
      else if (file.senderProfileId !== order.sender_profile_id)
        add(
          `${at}.file_ids.${fileIndex}`,
          'file_sender_mismatch',
          'the file was uploaded for another sender',
        );
    });
  });
  return errors;
}

export function quoteTimes(at: Date, draftExpiresAt: Date): Date {
  const quoteExpiry = addMinutes(at, env().QUOTE_TTL_MINUTES);
  return quoteExpiry < draftExpiresAt ? quoteExpiry : draftExpiresAt;
}

/** Keys are always `api` (DESIGN "Rules"); a session says `portal` or `csv`. */
function sourceOf(actor: ServiceActor, body: CreateBatchBody): BatchSource {
  if (actor.apiKeyId !== null) return 'api';
  return body.source ?? 'portal';
}

export async function createBatch(
  executor: Executor,
  actor: ServiceActor,
  body: CreateBatchBody,
): Promise<BatchWithOrdersWire> {
  const orgId = actor.orgId;
  return executor.transaction(async (tx) => {
    const at = await businessNow(tx, orgId);
    const [partyErrors, pricing] = await Promise.all([
      checkParties(tx, orgId, body),
      loadPricing(
        tx,
        orgId,
        body.orders.map((o) => o.beneficiary_currency),
        at,
      ),
    ]);
    const { quotes, errors: quoteErrors } = quoteWith(
      pricing,
      body.orders.map((order, index) => ({
        path: `orders.${index}`,
        beneficiaryAmount: order.beneficiary_amount,
        currency: order.beneficiary_currency,
        feeType: order.fee_type,
      })),
    );
    const errors = [...partyErrors, ...quoteErrors].sort(byOrderIndex);
    if (errors.length > 0) throw ordersRefused(errors);

    await assertDraftRoom(tx, orgId, body.orders.length);
    const draftExpiresAt = addDays(at, env().DRAFT_BATCH_TTL_DAYS);
    const quoteExpiresAt = quoteTimes(at, draftExpiresAt);
    const batchId = newId();
    const orderIds = body.orders.map(() => newId());
    const total = (quotes as OrderQuote[]).reduce((sum, q) => sum.plus(q.sourceAmount), new Decimal(0));
    const stamp = sql`${at.toISOString()}::timestamptz`;

    // The review digest covers the orders, which need the batch row first: it starts as a placeholder that
    // refreshReviewDigests replaces below, in this transaction, so no reader ever sees it.
    await tx.execute(sql`
      insert into payout_batches (id, org_id, status, total_count, client_reference, total_source_amount,
        quote_expires_at, draft_expires_at, created_by_user_id, created_by_api_key_id, review_digest, source,
        created_at, updated_at)
      values (${batchId}, ${orgId}, 'AWAITING_CONFIRMATION', ${body.orders.length}, ${body.client_reference ?? null},
        ${total.toFixed()}, ${quoteExpiresAt.toISOString()}::timestamptz, ${draftExpiresAt.toISOString()}::timestamptz,
        ${actor.userId}::uuid, ${actor.apiKeyId}::uuid, ${'0'.repeat(64)}, ${sourceOf(actor, body)}, ${stamp},
        ${stamp})`);

    // The parties snapshot is built from the profiles in the same statement (no per-order query).
    await tx.execute(sql`
      insert into payout_orders (id, batch_id, org_id, line_number, sender_profile_id, beneficiary_profile_id,
        fee_type, purpose_code, beneficiary_amount, beneficiary_currency, fee_amount, source_amount, status,
        client_reference, parties, created_at, updated_at)
      select v.id, ${batchId}::uuid, ${orgId}::uuid, v.line_number, v.sender_profile_id, v.beneficiary_profile_id,
        v.fee_type, v.purpose_code, v.beneficiary_amount, v.beneficiary_currency, v.fee_amount, v.source_amount,
        'DRAFT', v.client_reference, ${PARTIES_SNAPSHOT_SQL}, ${stamp}, ${stamp}
      from jsonb_to_recordset(${jsonRows(
        body.orders.map((order, index) => ({
          id: orderIds[index],
          line_number: index + 1,
          sender_profile_id: order.sender_profile_id,
          beneficiary_profile_id: order.beneficiary_profile_id,
          fee_type: order.fee_type,
          purpose_code: order.purpose_code,
          beneficiary_amount: order.beneficiary_amount,
          beneficiary_currency: order.beneficiary_currency,
          fee_amount: quotes[index]!.feeAmount,
          source_amount: quotes[index]!.sourceAmount,
          client_reference: order.client_reference ?? null,
        })),
      )}) as v(id uuid, line_number int, sender_profile_id uuid, beneficiary_profile_id uuid, fee_type text,
        purpose_code text, beneficiary_amount numeric, beneficiary_currency text, fee_amount numeric,
        source_amount numeric, client_reference text)
      join sender_profiles s on s.id = v.sender_profile_id
      join beneficiary_profiles b on b.id = v.beneficiary_profile_id
      order by v.line_number`);

    await insertQuoteSnapshots(tx, orderIds, quotes as OrderQuote[], at, quoteExpiresAt);

    const fileLinks = body.orders.flatMap((order, index) =>
      [...new Set(order.file_ids ?? [])].map((fileId) => ({
        order_id: orderIds[index],
        file_id: fileId,
        sender_profile_id: order.sender_profile_id,
      })),
    );
    if (fileLinks.length > 0) {
      await tx.execute(sql`
        insert into order_files (order_id, file_id, org_id, sender_profile_id, created_at)
        select v.order_id, v.file_id, ${orgId}::uuid, v.sender_profile_id, ${stamp}
        from jsonb_to_recordset(${jsonRows(fileLinks)}) as v(order_id uuid, file_id uuid, sender_profile_id uuid)`);
    }

    // Its creator is its first maker, recorded before the batch is read for its event.
    await recordMaker(tx, actor, [batchId], at);
    const [digested] = await refreshReviewDigests(tx, orgId, [batchId], { at });
    // It goes to approval as it is created: the matching rules' stages are copied onto it now.
    const approval = await openBatchApproval(tx, digested!, at);
    const batch = approval.status === 'pending' ? { ...digested!, approval } : digested!;
    await recordPayoutEvents(tx, actor, at, [
      {
        type: 'batch.created',
        subjectId: batchId,
        data: toWireBatch(batch),
      },
      ...(approval.status === 'pending'
        ? [{ type: 'batch.approval_requested' as const, subjectId: batchId, data: toWireBatch(batch) }]
        : []),
    ]);
    return getBatchWithOrders(tx, orgId, batchId);
  });
}

/** Replaces the orders' current quote snapshots (rate, margin, fee parts, times): staff and reconciliation only. */
export async function insertQuoteSnapshots(
  tx: Executor,
  orderIds: readonly string[],
  quotes: readonly OrderQuote[],
  at: Date,
  expiresAt: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into order_quotes (order_id, corridor_id, fx_rate_id, units_per_usdt, margin_bps, fee_total,
      fee_client_share, fee_beneficiary_share, source_amount_before_rounding, quoted_at, expires_at)
    select v.order_id, v.corridor_id, v.fx_rate_id, v.units_per_usdt, v.margin_bps, v.fee_total, v.fee_client_share,
      v.fee_beneficiary_share, v.source_amount_before_rounding, ${at.toISOString()}::timestamptz,
      ${expiresAt.toISOString()}::timestamptz
    from jsonb_to_recordset(${jsonRows(
      quotes.map((quote, index) => ({
        order_id: orderIds[index],
        corridor_id: quote.corridorId,
        fx_rate_id: quote.fxRateId,
        units_per_usdt: quote.unitsPerUsdt,
        margin_bps: quote.marginBps,
        fee_total: quote.feeTotal,
        fee_client_share: quote.feeAmount,
        fee_beneficiary_share: quote.feeBeneficiaryShare,
        source_amount_before_rounding: quote.sourceAmountBeforeRounding,
      })),
    )}) as v(order_id uuid, corridor_id uuid, fx_rate_id uuid, units_per_usdt numeric, margin_bps numeric,
      fee_total numeric, fee_client_share numeric, fee_beneficiary_share numeric, source_amount_before_rounding numeric)
    on conflict (order_id) do update set corridor_id = excluded.corridor_id, fx_rate_id = excluded.fx_rate_id,
      units_per_usdt = excluded.units_per_usdt, margin_bps = excluded.margin_bps, fee_total = excluded.fee_total,
      fee_client_share = excluded.fee_client_share, fee_beneficiary_share = excluded.fee_beneficiary_share,
      source_amount_before_rounding = excluded.source_amount_before_rounding, quoted_at = excluded.quoted_at,
      expires_at = excluded.expires_at`);
}

/** `orders.10.x` after `orders.9.x`: errors in request order, whatever check found them. */
function byOrderIndex(a: FieldError, b: FieldError): number {
  const index = (field: string) => Number(field.split('.')[1] ?? 0);
  return index(a.field) - index(b.field);
}
