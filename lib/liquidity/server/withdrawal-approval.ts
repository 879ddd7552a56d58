// Owns approving withdrawals: a withdrawal held at `pending_approval` by the approval rules (today's policy among
// them) goes to custody only with its last required approval, each approve filling one slot (lib/approvals), and a
// rejection (or the requester's cancel) fails it and releases the hold.
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  approvalOf,
  openApproval,
  POLICY_STAGE,
  recordApproval,
  rejectApproval,
} from '@/lib/approvals/server';
import type { WithdrawalWire } from '@/lib/liquidity/contract/schemas';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { recordEvent } from '@/lib/platform/events/record-event';
import type { AuditActor } from './common';
import { assertSecondPerson, personOf, type Requester } from './person';
import { usableWallet } from './wallets';
import { applyWithdrawalUpdate } from './withdrawal-progress';
import { scheduleWithdrawalStep } from './withdrawal-schedule';
import { findWithdrawal, type WithdrawalRow, withdrawalToWire } from './withdrawals';

export interface WithdrawalDecisionInput {
  orgId: string;
  withdrawalId: string;
  /** Always a signed-in user: API keys never approve or reject (session-only operations). */
  userId: string;
  actor: AuditActor;
  requestId?: string | null;
}

/** The locked withdrawal, `not_found` if not the organization's, `invalid_state` unless it waits for approval. */
async function lockPending(tx: Executor, input: WithdrawalDecisionInput): Promise<WithdrawalRow> {
  const row = await findWithdrawal(tx, input.orgId, input.withdrawalId, { forUpdate: true });
  if (!row) throw ApiError.notFound('Withdrawal');
  if (row.sub_status !== 'pending_approval') {
    throw new ApiError(
      'conflict',
      `The withdrawal is not waiting for approval (it is ${row.status}, ${row.sub_status})`,
      { code: 'invalid_state' },
    );
  }
  return row;
}

/**
 * A withdrawal that waited before the approval rules has no approval yet: it gets today's policy stage now (one
 * approver who is not the requester), so what it waits for does not change under it.
 */
async function ensureApproval(tx: Executor, row: WithdrawalRow, at: Date): Promise<void> {
  if ((await approvalOf(tx, row.org_id, 'withdrawal', row.id)).status !== 'not_required') return;
  const requester = await personOf(tx, requesterOfRow(row));
  await openApproval(tx, {
    orgId: row.org_id,
    objectId: row.id,
    subject: { object: 'withdrawal', amountUsdt: row.amount, at },
    makers: ['userId' in requester ? requester.userId : requester.apiKeyId],
    summary: { title: `Withdrawal of ${row.amount} USDT`, amount_usdt: row.amount },
    fallbackStages: [POLICY_STAGE],
  });
}

function requesterOfRow(row: WithdrawalRow): Requester {
  if (row.requested_by_user_id) return { userId: row.requested_by_user_id };
  return { apiKeyId: row.requested_by_api_key_id! };
}

/**
 * `POST …/withdrawals/{id}/approve`: checks in this order — the withdrawal waits for approval (`invalid_state`), the
 * approver is not the person who asked (`separate_approver_required`; an API key counts as its creator), the wallet
 * is still usable (`bad_request` naming `wallet_id`: removed, or its chain disabled meanwhile). Then records
 * `approved_by`, moves it to `awaiting_approval` (custody's policy) as an unapproved withdrawal would start, and
 * schedules custody's step.
 */
export async function approveWithdrawal(
  executor: Executor,
  input: WithdrawalDecisionInput,
): Promise<WithdrawalWire> {
  return executor.transaction(async (tx) => {
    const row = await lockPending(tx, input);
    const at = await businessNow(tx, input.orgId);
    await ensureApproval(tx, row, at);
    // The requester is refused first, in the policy's words; `recordApproval` checks the rest (stages, one slot each).
    await assertSecondPerson(tx, requesterOfRow(row), input.userId, 'a withdrawal');
    await usableWallet(tx, input.orgId, row.wallet_id, at);
    const progress = await recordApproval(tx, {
      orgId: input.orgId,
      object: 'withdrawal',
      objectId: row.id,
      approver: { orgId: input.orgId, userId: input.userId, apiKeyId: null, personId: input.userId },
      at,
      makerCode: 'separate_approver_required',
    });
    if (!progress.complete) {
      const waiting = withdrawalToWire((await findWithdrawal(tx, input.orgId, row.id))!);
      await recordEvent(tx, {
        orgId: input.orgId,
        type: 'withdrawal.approval_recorded',
        actor: input.actor,
        subjectId: row.id,
        data: waiting,
        requestId: input.requestId ?? null,
        createdAt: at,
      });
      return waiting;
    }
    await tx.execute(sql`
      update withdrawal_requests
         set status = 'submitted', approved_by_user_id = ${input.userId}, approved_at = ${at.toISOString()},
             updated_at = ${at.toISOString()}
       where id = ${row.withdrawal_request_id}`);
    await tx.execute(sql`
      update withdrawals set sub_status = 'awaiting_approval', updated_at = ${at.toISOString()}
       where id = ${row.id}`);
    const updated = (await findWithdrawal(tx, input.orgId, row.id))!;
    const wire = withdrawalToWire(updated);
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'withdrawal.approval_recorded',
      actor: input.actor,
      subjectId: row.id,
      data: wire,
      requestId: input.requestId ?? null,
      createdAt: at,
    });
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'withdrawal.approved',
      actor: input.actor,
      subjectId: row.id,
      data: wire,
      requestId: input.requestId ?? null,
      createdAt: at,
    });
    await scheduleWithdrawalStep(tx, updated);
    return wire;
  });
}

/**
 * `POST …/withdrawals/{id}/reject`: any approver, the requester included (for them it is a cancel). In one
 * transaction the hold is released (held → available), the request is `rejected` with the reason, the withdrawal
 * ends FAILED/`rejected` with `failure_reason` "Rejected: <reason>", and `withdrawal.rejected` then
 * `withdrawal.failed` are recorded.
 */
export async function rejectWithdrawal(
  executor: Executor,
  input: WithdrawalDecisionInput & { reason: string },
): Promise<WithdrawalWire> {
  return executor.transaction(async (tx) => {
    const row = await lockPending(tx, input);
    const at = await businessNow(tx, input.orgId);
    await ensureApproval(tx, row, at);
    await rejectApproval(tx, {
      orgId: input.orgId,
      object: 'withdrawal',
      objectId: row.id,
      by: { userId: input.userId, apiKeyId: null },
      reason: input.reason,
      at,
    });
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'withdrawal.approval_rejected',
      actor: input.actor,
      subjectId: row.id,
      data: withdrawalToWire((await findWithdrawal(tx, input.orgId, row.id))!),
      requestId: input.requestId ?? null,
      createdAt: at,
    });
    await tx.execute(sql`
      update withdrawal_requests
         set status = 'rejected', rejection_reason = ${input.reason}, rejected_by_user_id = ${input.userId},
             updated_at = ${at.toISOString()}
       where id = ${row.withdrawal_request_id}`);
    const updated = await applyWithdrawalUpdate(
      tx,
      row,
      { status: 'FAILED', subStatus: 'rejected', failureReason: `Rejected: ${input.reason}` },
      { actor: input.actor, requestId: input.requestId, precedingEvent: 'withdrawal.rejected', at },
    );
    return withdrawalToWire(updated);
  });
}
