// Owns confirming a draft batch: the checks, the hold of its total, every order to AWAITING_DEPOSIT with its funding
// deadline, the events and the lifecycle jobs — one transaction, so a batch is confirmed exactly once.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { ledgerAccounts } from '@/db/schema/ledger';
import { payoutBatches, payoutOrders } from '@/db/schema/payouts';
import { beneficiaryProfiles, senderProfiles } from '@/db/schema/profiles';
import { getOrganizationSettings, type ServiceActor } from '@/lib/identity/server';
import { ensureOrgAccounts, InsufficientFundsError, postTransaction } from '@/lib/ledger/server';
import type { BatchWithOrdersWire } from '@/lib/payouts/contract/schemas';
import { businessNow } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { dec, formatUsdt } from '@/lib/platform/money';
import { applyTransitions } from './apply-transitions';
import { gateConfirm } from './batch-approval';
import { ordersRefused } from './create-batch';
import { recordPayoutEvents } from './events';
import { scheduleLifecycle } from './lifecycle';
import { lockBatch, notAwaitingConfirmation } from './locks';
import { assertReviewCurrent } from './review-digest';
import { type BatchRow, batchFields, toWireBatch, toWireOrder } from './rows';

/**
 * Profiles must still be `ready` at confirmation; every order that fails is named at once. (The parties snapshot each
 * order keeps is then re-copied from these profiles by the confirming write itself: `refreshParties` below.)
 */
export async function recheckProfiles(tx: Executor, orgId: string, batchId: string): Promise<void> {
  const o = payoutOrders;
  const s = senderProfiles;
  const b = beneficiaryProfiles;
  const rows = await tx
    .select({ lineNumber: o.lineNumber, senderStatus: s.status, beneficiaryStatus: b.status })
    .from(o)
    .innerJoin(s, eq(s.id, o.senderProfileId))
    .innerJoin(b, eq(b.id, o.beneficiaryProfileId))
    .where(and(eq(o.orgId, orgId), eq(o.batchId, batchId), or(ne(s.status, 'ready'), ne(b.status, 'ready'))))
    .orderBy(o.lineNumber);
  const errors: FieldError[] = [];
  for (const row of rows) {
    const at = `orders.${row.lineNumber - 1}`;
    if (row.senderStatus !== 'ready')
      errors.push({
        field: `${at}.sender_profile_id`,
        code: 'profile_not_ready',
        message: `${at}.sender_profile_id: sender profile is no longer ready (it is ${row.senderStatus})`,
      });
    if (row.beneficiaryStatus !== 'ready')
      errors.push({
        field: `${at}.beneficiary_profile_id`,
        code: 'profile_not_ready',
        message: `${at}.beneficiary_profile_id: beneficiary profile is no longer ready (it is ${row.beneficiaryStatus})`,
      });
  }
  if (errors.length > 0) throw ordersRefused(errors, 'the batch was not confirmed');
}

/**
 * An organization with `require_review_digest` on (every one opened from 2.10.0, and any admin may switch it on) never
 * confirms what nobody said they reviewed: a confirm without the digest is refused like any missing field (422), before
 * anything about the batch is looked at.
 */
async function assertDigestOptional(tx: Executor, orgId: string): Promise<void> {
  const settings = await getOrganizationSettings(tx, orgId);
  if (!settings.require_review_digest) return;
  throw ApiError.validation([
    {
      field: 'review_digest',
      code: 'required',
      message:
        "review_digest: required: this organization confirms only with the batch's review_digest as you reviewed it (setting require_review_digest)",
    },
  ]);
}

export async function confirmBatch(
  executor: Executor,
  actor: ServiceActor,
  batchId: string,
  review: { review_digest?: string } = {},
): Promise<BatchWithOrdersWire> {
  const orgId = actor.orgId;
  return executor.transaction(async (tx) => {
    // Lock order everywhere in payouts: batch, then the organization's funds, then orders, then ledger accounts.
    const batch = await lockBatch(tx, orgId, batchId);
    // Checks in DESIGN's order: state, digest, quote expiry, profiles, policy, balance — so an approver who saw
    // something else learns that first, before any refusal about the batch as it now stands.
    if (review.review_digest === undefined) await assertDigestOptional(tx, orgId);
    if (batch.status !== 'AWAITING_CONFIRMATION') throw notAwaitingConfirmation(batch, 'confirm');
    await assertReviewCurrent(tx, batch, review.review_digest);
    const at = await businessNow(tx, orgId);
    if (new Date(batch.quoteExpiresAt) <= at)
      throw new ApiError('conflict', 'quote expired: re-quote the batch', { code: 'quote_expired' });
    await recheckProfiles(tx, orgId, batchId);
    await gateConfirm(tx, actor, batch, at);
    return holdAndConfirm(tx, actor, batch, at);
  });
}

/**
 * The confirmation itself, the batch locked and every check passed (confirm's, or the last approval's): the hold of
 * its total, every order to AWAITING_DEPOSIT with its funding deadline, the events and the lifecycle jobs. Short funds
 * refuse it, and the transaction it runs in records nothing.
 */
export async function holdAndConfirm(
  tx: Executor,
  actor: ServiceActor,
  batch: BatchRow,
  at: Date,
): Promise<BatchWithOrdersWire> {
  const orgId = actor.orgId;
  const funds = await tx
    .select({ id: ledgerAccounts.id, type: ledgerAccounts.type, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.orgId, orgId), eq(ledgerAccounts.currency, 'USDT')))
    .orderBy(ledgerAccounts.type)
    .for('update');
  const accounts =
    funds.length >= 2
      ? {
          available: funds.find((f) => f.type === 'available')!.id,
          held: funds.find((f) => f.type === 'held')!.id,
        }
      : await ensureOrgAccounts(tx, orgId);
  const available = dec(funds.find((f) => f.type === 'available')?.balance ?? '0');
  const total = dec(batch.totalSourceAmount);
  // Checked under the lock, so the refusal is clean (and the database's own CHECK still stands behind it).
  if (available.lt(total)) throw new InsufficientFundsError();

  const holdDescription = `Hold for batch ${batch.clientReference ?? batch.id}`;
  const holdId = await postTransaction(tx, {
    orgId,
    type: 'batch_hold',
    description: holdDescription,
    referenceType: 'batch',
    referenceId: batch.id,
    metadata: { order_count: batch.totalCount },
    createdAt: at,
    entries: [
      { accountId: accounts.available, amount: total.negated().toFixed() },
      { accountId: accounts.held, amount: total.toFixed() },
    ],
  });
  const stamp = sql`${at.toISOString()}::timestamptz`;
  const [confirmed] = await tx
    .update(payoutBatches)
    .set({
      status: 'IN_PROGRESS',
      confirmedAt: stamp,
      confirmedByUserId: sql`${actor.userId}::uuid`,
      confirmedByApiKeyId: sql`${actor.apiKeyId}::uuid`,
      holdTransactionId: holdId,
      updatedAt: stamp,
    })
    .where(eq(payoutBatches.id, batch.id))
    .returning(batchFields);
  // Every balance movement a client sees has its public event: the hold as GET /funding/transactions lists it.
  await recordPayoutEvents(tx, actor, at, [
    {
      type: 'batch.confirmed',
      subjectId: batch.id,
      data: toWireBatch(confirmed!),
    },
    {
      type: 'funding.held',
      subjectId: holdId,
      data: {
        id: holdId,
        type: 'batch_hold',
        description: holdDescription,
        amount: formatUsdt(total),
        available_change: `-${formatUsdt(total)}`,
        held_change: formatUsdt(total),
        reference_type: 'batch',
        reference_id: batch.id,
        created_at: at.toISOString(),
      },
    },
  ]);

  const expiresAt = new Date(at.getTime() + env().FUNDING_WINDOW_MINUTES * 60_000);
  // A confirmed order pays exactly the parties confirmed, whatever changes in the profiles later: the snapshot taken
  // at creation is re-copied from the profiles (checked ready above) in the same write that confirms the order.
  const outcome = await applyTransitions(
    tx,
    actor,
    at,
    { batchIds: [batch.id] },
    (order) => (order.status === 'DRAFT' ? { to: 'AWAITING_DEPOSIT', expiresAt } : null),
    { refreshParties: true },
  );
  const orders = [...outcome.orders.values()].sort((a, b) => a.lineNumber - b.lineNumber);
  await scheduleLifecycle(tx, orgId, batch.id, { at, expiresAt, orders });
  // Every order and the batch are in hand after the transition: no need to read them back.
  return { batch: toWireBatch(outcome.batches.get(batch.id)!), orders: orders.map(toWireOrder) };
}
