// Owns approving and rejecting a batch (DESIGN "Approvals"): one slot per approval on the batch's approval digest,
// the last one confirming in the same transaction at the current quote, and a rejection with its reason.
import type { Executor } from '@/db/client';
import type { ApprovalWire } from '@/lib/approvals/contract/schemas';
import { approvalOf, recordApproval, rejectApproval } from '@/lib/approvals/server';
import { getOrganizationSettings, type ServiceActor } from '@/lib/identity/server';
import type { BatchWithOrdersWire } from '@/lib/payouts/contract/schemas';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { dec, formatUsdt } from '@/lib/platform/money';
import { makerRefusal, openBatchApproval } from './batch-approval';
import { holdAndConfirm, recheckProfiles } from './confirm-batch';
import { recordPayoutEvents } from './events';
import { lockBatch, notAwaitingConfirmation } from './locks';
import { isMaker } from './makers';
import { getBatchWithOrders } from './read';
import { requoteLocked } from './requote';
import { type BatchRow, toWireBatch } from './rows';

/** The batch's approval as it stands, opening it now for a draft that went to approval before the rules existed. */
async function pendingApprovalOf(tx: Executor, batch: BatchRow, at: Date): Promise<ApprovalWire> {
  const existing = await approvalOf(tx, batch.orgId, 'batch', batch.id);
  const approval = existing.status === 'not_required' ? await openBatchApproval(tx, batch, at) : existing;
  if (approval.status === 'not_required')
    throw new ApiError('conflict', 'No approval rule applies to this batch: confirm it', {
      code: 'invalid_state',
    });
  return approval;
}

/** The total moved beyond the organization's tolerance when the last approval renewed an expired quote. */
function beyondTolerance(before: string, after: string, tolerancePercent: string): boolean {
  const was = dec(before);
  if (was.isZero()) return !dec(after).isZero();
  return dec(after).minus(was).abs().div(was).times(100).gt(tolerancePercent);
}

/**
 * `POST /payouts/{id}/approve {approval_digest}`: fills one slot of the batch's approval (checks in this order: state,
 * digest, then the approval's own — a maker, already approved, not eligible). The last approval confirms the batch in
 * the same transaction at the current quote: an expired one is renewed there and the confirmation goes through only
 * if the total moved by at most the organization's `requote_tolerance_percent`; short funds refuse the approval and
 * nothing is recorded.
 */
export async function approveBatch(
  executor: Executor,
  actor: ServiceActor,
  batchId: string,
  body: { approval_digest: string },
): Promise<BatchWithOrdersWire> {
  const orgId = actor.orgId;
  return executor.transaction(async (tx) => {
    const batch = await lockBatch(tx, orgId, batchId);
    if (batch.status !== 'AWAITING_CONFIRMATION') throw notAwaitingConfirmation(batch, 'approve');
    const at = await businessNow(tx, orgId);
    await pendingApprovalOf(tx, batch, at);
    if (body.approval_digest !== batch.approvalDigest)
      throw new ApiError(
        'review_outdated',
        'the batch changed since it was reviewed (its orders, amounts, currencies or parties): read it again and approve its approval_digest',
        {
          fieldErrors: [
            {
              field: 'approval_digest',
              code: 'changed',
              message: 'approval_digest: the batch changed since it was reviewed',
            },
          ],
        },
      );
    const maker = actor.personId !== null && (await isMaker(tx, batch.id, actor.personId));
    const progress = await recordApproval(tx, {
      orgId,
      object: 'batch',
      objectId: batch.id,
      approver: actor,
      at,
      approvalDigest: body.approval_digest,
      isMaker: maker,
      makerCode: 'separate_confirmer_required',
      makerMessage: maker ? await makerRefusal(tx, orgId) : undefined,
    });
    await recordPayoutEvents(tx, actor, at, [
      {
        type: 'batch.approval_recorded',
        subjectId: batch.id,
        data: toWireBatch({ ...batch, approval: progress.approval }),
      },
    ]);
    if (!progress.complete) return getBatchWithOrders(tx, orgId, batch.id);

    let current: BatchRow = { ...batch, approval: progress.approval };
    if (new Date(batch.quoteExpiresAt) <= at) {
      current = await requoteLocked(tx, actor, batch, at, { maker: false });
      const settings = await getOrganizationSettings(tx, orgId);
      if (
        beyondTolerance(
          batch.totalSourceAmount,
          current.totalSourceAmount,
          settings.requote_tolerance_percent,
        )
      )
        throw new ApiError(
          'review_outdated',
          `the quote expired and at today's rates the batch needs ${formatUsdt(current.totalSourceAmount)} USDT (was ${formatUsdt(batch.totalSourceAmount)}), more than the organization's ${settings.requote_tolerance_percent}% tolerance: a maker re-quotes it, then approve again (the approvals given stand)`,
          {
            fieldErrors: [
              {
                field: 'source_amount_total',
                code: 'changed',
                message: `source_amount_total: ${formatUsdt(current.totalSourceAmount)} USDT at the current quote`,
              },
            ],
          },
        );
    }
    await recheckProfiles(tx, orgId, batch.id);
    return holdAndConfirm(tx, actor, current, at);
  });
}

/**
 * `POST /payouts/{id}/reject {reason}`: any approver but its makers; the approval ends rejected and the draft waits for
 * a maker's re-quote or expires.
 */
export async function rejectBatch(
  executor: Executor,
  actor: ServiceActor,
  batchId: string,
  body: { reason: string },
): Promise<BatchWithOrdersWire> {
  const orgId = actor.orgId;
  return executor.transaction(async (tx) => {
    const batch = await lockBatch(tx, orgId, batchId);
    if (batch.status !== 'AWAITING_CONFIRMATION') throw notAwaitingConfirmation(batch, 'reject');
    const at = await businessNow(tx, orgId);
    await pendingApprovalOf(tx, batch, at);
    // A maker discards their batch instead: a rejection is the checker's answer (its `actions` say the same).
    if (actor.personId !== null && (await isMaker(tx, batch.id, actor.personId)))
      throw new ApiError('forbidden', 'You made this batch: discard it instead of rejecting it', {
        code: 'separate_confirmer_required',
      });
    const approval = await rejectApproval(tx, {
      orgId,
      object: 'batch',
      objectId: batch.id,
      by: { userId: actor.userId, apiKeyId: actor.apiKeyId },
      reason: body.reason,
      at,
    });
    await recordPayoutEvents(tx, actor, at, [
      { type: 'batch.approval_rejected', subjectId: batch.id, data: toWireBatch({ ...batch, approval }) },
    ]);
    return getBatchWithOrders(tx, orgId, batch.id);
  });
}
