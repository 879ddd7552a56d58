// Owns re-quoting a draft batch: fresh amounts and quote expiry (never past the draft's own expiry); the previous
// quotes are kept in the audit trail (an internal event: it carries rates and margins).
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { orderQuotes, payoutBatches, payoutOrders } from '@/db/schema/payouts';
import { jsonRows } from '@/db/sql';
import type { ServiceActor } from '@/lib/identity/server';
import type { BatchWithOrdersWire } from '@/lib/payouts/contract/schemas';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { Decimal } from '@/lib/platform/money';
import { loadPricing, type OrderQuote, quoteWith } from '@/lib/pricing/server';
import { openBatchApproval } from './batch-approval';
import { insertQuoteSnapshots, ordersRefused, quoteTimes } from './create-batch';
import { recordPayoutEvents } from './events';
import { lockBatch, notAwaitingConfirmation } from './locks';
import { recordMaker } from './makers';
import { batchOrders, getBatchWithOrders } from './read';
import { refreshReviewDigests } from './review-digest';
import { type BatchRow, batchFields, toWireBatch } from './rows';

export async function requoteBatch(
  executor: Executor,
  actor: ServiceActor,
  batchId: string,
): Promise<BatchWithOrdersWire> {
  const orgId = actor.orgId;
  return executor.transaction(async (tx) => {
    const batch = await lockBatch(tx, orgId, batchId);
    if (batch.status !== 'AWAITING_CONFIRMATION') throw notAwaitingConfirmation(batch, 'requote');
    const at = await businessNow(tx, orgId);
    const requoted = await requoteLocked(tx, actor, batch, at, { maker: true });
    // A maker's re-quote of a rejected batch starts a fresh approval (DESIGN "Approvals").
    if (requoted.approval.status === 'rejected') {
      const approval = await openBatchApproval(tx, requoted, at);
      if (approval.status === 'pending')
        await recordPayoutEvents(tx, actor, at, [
          {
            type: 'batch.approval_requested',
            subjectId: batchId,
            data: toWireBatch({ ...requoted, approval }),
          },
        ]);
    }
    return getBatchWithOrders(tx, orgId, batchId);
  });
}

/**
 * Fresh quotes for a locked draft. A maker's re-quote (`maker`) makes them a maker of the batch; the last approval's
 * renewal of an expired quote does not (it re-prices what was approved, it chooses nothing).
 */
export async function requoteLocked(
  tx: Executor,
  actor: ServiceActor,
  batch: BatchRow,
  at: Date,
  options: { maker: boolean },
): Promise<BatchRow> {
  const orgId = actor.orgId;
  const batchId = batch.id;
  const draftExpiresAt = new Date(batch.draftExpiresAt);
  if (draftExpiresAt <= at)
    throw new ApiError('conflict', 'the draft has expired: create a new batch', { code: 'draft_expired' });
  const orders = await batchOrders(tx, orgId, batchId);
  const pricing = await loadPricing(
    tx,
    orgId,
    orders.map((o) => o.beneficiaryCurrency),
    at,
  );
  const { quotes, errors } = quoteWith(
    pricing,
    orders.map((order) => ({
      path: `orders.${order.lineNumber - 1}`,
      beneficiaryAmount: order.beneficiaryAmount,
      currency: order.beneficiaryCurrency,
      feeType: order.feeType,
    })),
  );
  if (errors.length > 0) throw ordersRefused(errors, 'the batch was not re-quoted');
  const fresh = quotes as OrderQuote[];
  const quoteExpiresAt = quoteTimes(at, draftExpiresAt);
  const stamp = sql`${at.toISOString()}::timestamptz`;

  // The previous snapshots go to the audit trail (an internal event: rates and margins) before they are replaced.
  const previous = await tx
    .select({ quote: sql<Record<string, unknown>>`to_jsonb(${orderQuotes})` })
    .from(orderQuotes)
    .innerJoin(payoutOrders, eq(payoutOrders.id, orderQuotes.orderId))
    .where(eq(payoutOrders.batchId, batchId))
    .orderBy(payoutOrders.lineNumber);
  await insertQuoteSnapshots(
    tx,
    orders.map((o) => o.id),
    fresh,
    at,
    quoteExpiresAt,
  );
  await tx.execute(sql`
    update payout_orders o set fee_amount = v.fee_amount, source_amount = v.source_amount, updated_at = ${stamp}
    from jsonb_to_recordset(${jsonRows(
      orders.map((order, index) => ({
        id: order.id,
        fee_amount: fresh[index]!.feeAmount,
        source_amount: fresh[index]!.sourceAmount,
      })),
    )}) as v(id uuid, fee_amount numeric, source_amount numeric)
    where o.id = v.id`);
  // Whoever re-quotes chose these amounts: a maker of the batch, who may not also check it (DESIGN "Makers").
  if (options.maker) await recordMaker(tx, actor, [batchId], at);
  const total = fresh.reduce((sum, q) => sum.plus(q.sourceAmount), new Decimal(0));
  const [updated] = await tx
    .update(payoutBatches)
    .set({ totalSourceAmount: total.toFixed(), quoteExpiresAt, updatedAt: stamp })
    .where(eq(payoutBatches.id, batchId))
    .returning(batchFields);
  // New amounts and expiry are a new review: whoever approves must have seen these (DESIGN "What an approval binds").
  const [redigested] = await refreshReviewDigests(tx, orgId, [batchId], { at });
  await recordPayoutEvents(tx, actor, at, [
    {
      type: 'batch.requoted',
      subjectId: batchId,
      data: {
        batch: toWireBatch(redigested ?? updated!),
        previous_quotes: previous.map((row) => row.quote),
      },
    },
  ]);
  return redigested ?? updated!;
}
