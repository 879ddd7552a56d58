// Owns withdrawal execution by the provider's operations (CUSTODY_ADAPTER=manual or evm): the approved withdrawals
// waiting to be sent from custody, and recording one sent — with manual custody its lifecycle run to completion
// (applyWithdrawalUpdate: ledger, events), with EVM custody `broadcasting` until the chain proves it
// (withdrawal-proof.ts) — naming the staff member.
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { withdrawals } from '@/db/schema/liquidity';
import { chains } from '@/db/schema/platform/chains';
import { resolveChainAlert } from '@/lib/funding/server';
import type {
  recordWithdrawalExecutionBody,
  reviewWithdrawalBody,
} from '@/lib/liquidity/contract/execution-schemas';
import type { WithdrawalWire } from '@/lib/liquidity/contract/schemas';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { custody } from '@/lib/platform/adapters/custody';
import { ApiError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { formatUsdt } from '@/lib/platform/money';
import { applyWithdrawalUpdate } from './withdrawal-progress';
import { scheduleWithdrawalProof } from './withdrawal-proof';
import { findWithdrawal, withdrawalToWire } from './withdrawals';

/** The withdrawals of every organization in one state, for operations: who, on which chain, how much, where to. */
function deskWithdrawals(
  executor: Executor,
  status: (typeof withdrawals.$inferSelect)['status'],
  subStatus: NonNullable<(typeof withdrawals.$inferSelect)['subStatus']>,
) {
  const w = withdrawals;
  return executor
    .select({
      id: w.id,
      orgId: w.orgId,
      orgName: organizations.name,
      chain: chains.code,
      amount: w.amount,
      walletAddress: w.walletAddress,
      transactionHash: w.transactionHash,
      createdAt: w.createdAt,
      updatedAt: w.updatedAt,
    })
    .from(w)
    .innerJoin(organizations, eq(organizations.id, w.orgId))
    .innerJoin(chains, eq(chains.id, w.chainId))
    .where(and(eq(w.status, status), eq(w.subStatus, subStatus)))
    .$dynamic();
}

type DeskWithdrawal = Awaited<ReturnType<typeof deskWithdrawals>>[number];

const deskWire = (row: DeskWithdrawal) => ({
  id: row.id,
  org_id: row.orgId,
  org_name: row.orgName,
  chain: row.chain,
  amount: formatUsdt(row.amount),
  wallet_address: row.walletAddress,
  created_at: row.createdAt.toISOString(),
});

/** Approved by the organization (and its approval policy), not yet sent: what operations send from custody. */
export async function listWithdrawalsAwaitingExecution(executor: Executor) {
  const rows = await deskWithdrawals(executor, 'SUBMITTED', 'awaiting_approval')
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
    .limit(500);
  return { data: rows.map(deskWire) };
}

/** Flagged by the chain proof (EVM custody): what operations settle with their review, oldest first. */
export async function listWithdrawalsNeedingReview(executor: Executor) {
  const rows = await deskWithdrawals(executor, 'PROCESSING', 'needs_review')
    .orderBy(asc(withdrawals.updatedAt), asc(withdrawals.id))
    .limit(500);
  return {
    data: rows.map((row) => ({
      ...deskWire(row),
      transaction_hash: row.transactionHash,
      updated_at: row.updatedAt.toISOString(),
    })),
  };
}

export async function recordWithdrawalExecution(
  executor: Executor,
  actor: StaffActor,
  orgId: string,
  withdrawalId: string,
  body: z.output<typeof recordWithdrawalExecutionBody>,
  requestId: string | null,
): Promise<WithdrawalWire> {
  assertNotViewing(actor);
  if (custody().withdrawalExecution !== 'recorded_by_operations')
    throw new ApiError('conflict', `custody "${custody().name}" executes withdrawals itself`, {
      code: 'invalid_state',
    });
  return executor.transaction(async (tx) => {
    const row = await findWithdrawal(tx, orgId, withdrawalId, { forUpdate: true });
    if (!row) throw ApiError.notFound('Withdrawal');
    if (row.sub_status !== 'awaiting_approval')
      throw new ApiError(
        'conflict',
        `the withdrawal is ${row.status} (${row.sub_status}): only an approved withdrawal waiting for custody is executed`,
        { code: 'invalid_state' },
      );
    const evm = body.transaction_hash.startsWith('0x');
    if (evm !== (row.chain_code !== 'tron'))
      throw ApiError.validation([
        {
          field: 'transaction_hash',
          code: 'invalid_format',
          message: `transaction_hash: a ${row.chain_code} hash is ${evm ? 'bare hex (no 0x)' : '0x-prefixed'}`,
        },
      ]);
    const options = { actor: userAuditActor(actor.userId, true), requestId };
    if (custody().withdrawalProof === 'on_chain') {
      // EVM custody: recorded is not done. The watcher finds the transaction and completes it at its confirmations.
      const broadcasting = await applyWithdrawalUpdate(
        tx,
        row,
        {
          status: 'PROCESSING',
          subStatus: 'broadcasting',
          custodyTransactionId: body.custody_reference ?? `manual_${row.id}`,
          transactionHash: body.transaction_hash,
        },
        options,
      );
      await scheduleWithdrawalProof(tx);
      return withdrawalToWire(broadcasting);
    }
    const sent = await applyWithdrawalUpdate(
      tx,
      row,
      {
        status: 'PROCESSING',
        subStatus: 'confirming',
        custodyTransactionId: body.custody_reference ?? `manual_${row.id}`,
        transactionHash: body.transaction_hash,
      },
      options,
    );
    const done = await applyWithdrawalUpdate(
      tx,
      sent,
      { status: 'COMPLETED', subStatus: 'confirmed' },
      options,
    );
    return withdrawalToWire(done);
  });
}

/**
 * Operations settle a withdrawal the chain did not prove (EVM custody, `needs_review`): completed (the held USDT goes
 * out) or failed (released, their reason as the failure reason), naming the staff member; the alert is resolved.
 */
export async function reviewWithdrawal(
  executor: Executor,
  actor: StaffActor,
  orgId: string,
  withdrawalId: string,
  body: z.output<typeof reviewWithdrawalBody>,
  requestId: string | null,
): Promise<WithdrawalWire> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    const row = await findWithdrawal(tx, orgId, withdrawalId, { forUpdate: true });
    if (!row) throw ApiError.notFound('Withdrawal');
    if (row.sub_status !== 'needs_review')
      throw new ApiError(
        'conflict',
        `the withdrawal is ${row.status} (${row.sub_status}): only one that needs review is settled here`,
        { code: 'invalid_state' },
      );
    const options = { actor: userAuditActor(actor.userId, true), requestId };
    const settled = await applyWithdrawalUpdate(
      tx,
      row,
      body.outcome === 'completed'
        ? { status: 'COMPLETED', subStatus: 'confirmed' }
        : { status: 'FAILED', subStatus: 'reverted', failureReason: body.reason },
      options,
    );
    await resolveChainAlert(tx, 'withdrawal_mismatch', row.id, {
      userId: actor.userId,
      resolution: body.outcome === 'completed' ? 'withdrawal_completed' : 'withdrawal_failed',
      note: body.reason,
    });
    return withdrawalToWire(settled);
  });
}
