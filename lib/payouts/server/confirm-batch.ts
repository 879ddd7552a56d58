// Owns confirming a draft batch: the checks, the hold of its total, every order to AWAITING_DEPOSIT with its funding
// deadline, the events and the lifecycle jobs — one transaction, so a batch is confirmed exactly once.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { ServiceActor } from '@/lib/identity/server';
import { ensureOrgAccounts, InsufficientFundsError, postTransaction } from '@/lib/ledger/server';
import type { BatchWithOrdersWire } from '@/lib/payouts/contract/schemas';
import { businessNow } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { dec, formatUsdt } from '@/lib/platform/money';
import { applyTransitions } from './apply-transitions';
import { assertMayConfirm } from './approval-policy';
import { ordersRefused } from './create-batch';
import { recordPayoutEvents } from './events';
import { scheduleLifecycle } from './lifecycle';
import { lockBatch, notAwaitingConfirmation } from './locks';
import { assertReviewCurrent } from './review-digest';
import { BATCH_COLUMNS, type BatchRow, toWireBatch, toWireOrder } from './rows';

/**
 * Profiles must still be `ready` at confirmation; every order that fails is named at once. (The parties snapshot each
 * order keeps is then re-copied from these profiles by the confirming write itself: `refreshParties` below.)
 */
async function recheckProfiles(tx: Executor, orgId: string, batchId: string): Promise<void> {
  const rows = await tx.execute<{
    line_number: number;
    sender_status: string;
    beneficiary_status: string;
  }>(sql`
    select o.line_number, s.status as sender_status, b.status as beneficiary_status
    from payout_orders o
    join sender_profiles s on s.id = o.sender_profile_id
    join beneficiary_profiles b on b.id = o.beneficiary_profile_id
    where o.org_id = ${orgId} and o.batch_id = ${batchId} and (s.status <> 'ready' or b.status <> 'ready')
    order by o.line_number`);
  const errors: FieldError[] = [];
  for (const row of rows) {
    const at = `orders.${row.line_number - 1}`;
    if (row.sender_status !== 'ready')
      errors.push({
        field: `${at}.sender_profile_id`,
        code: 'profile_not_ready',
        message: `${at}.sender_profile_id: sender profile is no longer ready (it is ${row.sender_status})`,
      });
    if (row.beneficiary_status !== 'ready')
      errors.push({
        field: `${at}.beneficiary_profile_id`,
        code: 'profile_not_ready',
        message: `${at}.beneficiary_profile_id: beneficiary profile is no longer ready (it is ${row.beneficiary_status})`,
      });
  }
  if (errors.length > 0) throw ordersRefused(errors, 'the batch was not confirmed');
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
    if (batch.status !== 'AWAITING_CONFIRMATION') throw notAwaitingConfirmation(batch, 'confirm');
    await assertReviewCurrent(tx, batch, review.review_digest);
    const at = await businessNow(tx, orgId);
    if (new Date(batch.quote_expires_at) <= at)
      throw new ApiError('conflict', 'quote expired: re-quote the batch', { code: 'quote_expired' });
    await recheckProfiles(tx, orgId, batchId);
    await assertMayConfirm(tx, actor, batch);

    const funds = await tx.execute<{ id: string; type: string; balance: string }>(sql`
      select id, type, balance::text as balance from ledger_accounts
      where org_id = ${orgId} and currency = 'USDT' order by type for update`);
    const accounts =
      funds.length >= 2
        ? {
            available: funds.find((f) => f.type === 'available')!.id,
            held: funds.find((f) => f.type === 'held')!.id,
          }
        : await ensureOrgAccounts(tx, orgId);
    const available = dec(funds.find((f) => f.type === 'available')?.balance ?? '0');
    const total = dec(batch.total_source_amount);
    // Checked under the lock, so the refusal is clean (and the database's own CHECK still stands behind it).
    if (available.lt(total)) throw new InsufficientFundsError();

    const holdDescription = `Hold for batch ${batch.client_reference ?? batch.id}`;
    const holdId = await postTransaction(tx, {
      orgId,
      type: 'batch_hold',
      description: holdDescription,
      referenceType: 'batch',
      referenceId: batch.id,
      metadata: { order_count: batch.total_count },
      createdAt: at,
      entries: [
        { accountId: accounts.available, amount: total.negated().toFixed() },
        { accountId: accounts.held, amount: total.toFixed() },
      ],
    });
    const stamp = sql`${at.toISOString()}::timestamptz`;
    const [confirmed] = await tx.execute<BatchRow>(sql`
      update payout_batches set status = 'IN_PROGRESS', confirmed_at = ${stamp},
        confirmed_by_user_id = ${actor.userId}::uuid, confirmed_by_api_key_id = ${actor.apiKeyId}::uuid,
        hold_transaction_id = ${holdId}, updated_at = ${stamp}
      where id = ${batch.id}
      returning ${BATCH_COLUMNS}`);
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
    const orders = [...outcome.orders.values()].sort((a, b) => a.line_number - b.line_number);
    await scheduleLifecycle(tx, orgId, batch.id, { at, expiresAt, orders });
    // Every order and the batch are in hand after the transition: no need to read them back.
    return { batch: toWireBatch(outcome.batches.get(batch.id)!), orders: orders.map(toWireOrder) };
  });
}
