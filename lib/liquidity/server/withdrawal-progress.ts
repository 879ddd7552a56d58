// Owns how a withdrawal moves after it is created: custody's updates applied under the state machine, with the
// ledger outcome (sent out, or released) and the event in the same transaction, and the sandbox's steps (when the
// next one runs: withdrawal-schedule.ts).
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { WithdrawalSubStatus } from '@/db/schema/liquidity';
import { withdrawals } from '@/db/schema/liquidity';
import { lockOrgFunds, postTransaction, systemAccount } from '@/lib/ledger/server';
import type { WithdrawalWire } from '@/lib/liquidity/contract/schemas';
import { type CustodyWithdrawalUpdate, custody } from '@/lib/platform/adapters/custody';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { statusEventType } from '@/lib/platform/events/define';
import { recordEvent } from '@/lib/platform/events/record-event';
import { formatUsdt } from '@/lib/platform/money';
import { type AuditActor, SYSTEM_ACTOR } from './common';
import { isFinal, scheduleWithdrawalStep } from './withdrawal-schedule';
import { findWithdrawal, type WithdrawalRow, withdrawalToWire } from './withdrawals';

/**
 * Order of the steps; a withdrawal only moves forward here. The one step back, `confirming` → `broadcasting` when a
 * reorganisation takes the transaction's block away, is the chain proof's own (withdrawal-proof.ts).
 */
const STEP_RANK: Record<WithdrawalSubStatus, number> = {
  pending_approval: -1,
  awaiting_approval: 0,
  signing: 1,
  broadcasting: 2,
  confirming: 3,
  // The transfer on chain did not match (EVM custody): after confirming, before an outcome operations settle.
  needs_review: 3.5,
  confirmed: 4,
  rejected: 4,
  broadcast_failed: 4,
  reverted: 4,
};

/**
 * Applies one custody update to a locked withdrawal row. Refuses anything but a forward move from an open state;
 * COMPLETED sends the held amount out (held → custody), FAILED releases it (held → available); a status change writes
 * `withdrawal.<status>`.
 */
export async function applyWithdrawalUpdate(
  tx: Executor,
  row: WithdrawalRow,
  update: CustodyWithdrawalUpdate,
  options: {
    at?: Date;
    actor?: AuditActor;
    requestId?: string | null;
    /** An event of the same step recorded just before the status event (a rejection before `withdrawal.failed`). */
    precedingEvent?: 'withdrawal.rejected';
  } = {},
): Promise<WithdrawalRow> {
  if (isFinal(row.status) || STEP_RANK[update.subStatus] <= STEP_RANK[row.sub_status]) {
    throw new ApiError(
      'conflict',
      `A ${row.status} withdrawal (${row.sub_status}) cannot move to ${update.status} (${update.subStatus})`,
    );
  }
  // Nothing was sent to custody while it waits for a second approver: only a rejection may move it from there.
  if (row.sub_status === 'pending_approval' && update.subStatus !== 'rejected') {
    throw new ApiError(
      'conflict',
      'The withdrawal waits for a second approver (approval policy): custody cannot move it',
      { code: 'invalid_state' },
    );
  }
  const at = options.at ?? (await businessNow(tx, row.org_id));
  let outcomeTransactionId: string | undefined;
  if (isFinal(update.status)) {
    // The organization's funding lock first, as creation takes it, so the two never wait on each other in a cycle.
    const accounts = await lockOrgFunds(tx, row.org_id);
    const amount = formatUsdt(row.amount);
    const completed = update.status === 'COMPLETED';
    outcomeTransactionId = await postTransaction(tx, {
      orgId: row.org_id,
      type: completed ? 'withdrawal_sent' : 'withdrawal_release',
      description: completed
        ? `Withdrawal sent to ${row.wallet_address}`
        : 'Withdrawal failed: hold released',
      referenceType: 'withdrawal',
      referenceId: row.id,
      createdAt: at,
      entries: [
        { accountId: accounts.held, amount: `-${amount}` },
        {
          accountId: completed ? await systemAccount(tx, 'custody_external') : accounts.available,
          amount,
        },
      ],
    });
  }
  await tx
    .update(withdrawals)
    .set({
      status: update.status,
      subStatus: update.subStatus,
      ...(update.custodyTransactionId ? { custodyTransactionId: update.custodyTransactionId } : {}),
      ...(update.transactionHash ? { transactionHash: update.transactionHash } : {}),
      failureReason: update.status === 'FAILED' ? (update.failureReason ?? 'The withdrawal failed') : null,
      ...(outcomeTransactionId ? { outcomeTransactionId } : {}),
      updatedAt: at,
    })
    .where(eq(withdrawals.id, row.id));
  const updated = (await findWithdrawal(tx, row.org_id, row.id))!;
  if (options.precedingEvent) {
    await recordEvent(tx, {
      orgId: row.org_id,
      type: options.precedingEvent,
      actor: options.actor ?? SYSTEM_ACTOR,
      subjectId: row.id,
      data: withdrawalToWire(updated),
      requestId: options.requestId ?? null,
      createdAt: at,
    });
  }
  if (update.status !== row.status) {
    await recordEvent(tx, {
      orgId: row.org_id,
      type: statusEventType('withdrawal', update.status),
      actor: options.actor ?? SYSTEM_ACTOR,
      subjectId: row.id,
      data: withdrawalToWire(updated),
      requestId: options.requestId ?? null,
      createdAt: at,
    });
  }
  return updated;
}

/**
 * Takes the withdrawal's next custody step now. With `expectedSubStatus`, does nothing unless it is still there, so
 * an automatic step racing a manual advance happens once. Returns null when nothing was done.
 */
export async function stepWithdrawal(
  executor: Executor,
  input: {
    orgId: string;
    withdrawalId: string;
    expectedSubStatus?: WithdrawalSubStatus;
    actor?: AuditActor;
    requestId?: string | null;
  },
): Promise<WithdrawalRow | null> {
  return executor.transaction(async (tx) => {
    const row = await findWithdrawal(tx, input.orgId, input.withdrawalId, { forUpdate: true });
    if (!row) return null;
    if (input.expectedSubStatus && row.sub_status !== input.expectedSubStatus) return null;
    if (row.sub_status === 'pending_approval') return null;
    const update = custody().nextWithdrawalStep({
      amount: row.amount,
      chainCode: row.chain_code,
      status: row.status,
      subStatus: row.sub_status,
    });
    if (!update) return null;
    const updated = await applyWithdrawalUpdate(tx, row, update, {
      actor: input.actor,
      requestId: input.requestId,
    });
    await scheduleWithdrawalStep(tx, updated);
    return updated;
  });
}

/**
 * `POST /sandbox/withdrawals/{id}/advance`: the next step at once; a `conflict` when the withdrawal is already final.
 */
export async function advanceSandboxWithdrawal(
  executor: Executor,
  input: { orgId: string; withdrawalId: string; actor: AuditActor; requestId?: string | null },
): Promise<WithdrawalWire> {
  const existing = await findWithdrawal(executor, input.orgId, input.withdrawalId);
  if (!existing) throw ApiError.notFound('Withdrawal');
  if (isFinal(existing.status)) {
    throw new ApiError('conflict', `The withdrawal is already ${existing.status}: there is no next step`);
  }
  if (existing.sub_status === 'pending_approval') {
    throw new ApiError(
      'conflict',
      'The withdrawal waits for a second approver (approval policy): approve or reject it first',
      { code: 'invalid_state' },
    );
  }
  const updated = await stepWithdrawal(executor, { ...input, expectedSubStatus: existing.sub_status });
  if (!updated) throw new ApiError('conflict', 'The withdrawal moved on meanwhile: read it again');
  return withdrawalToWire(updated);
}
