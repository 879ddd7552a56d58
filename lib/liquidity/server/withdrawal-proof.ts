// Owns proving withdrawals on chain (CUSTODY_ADAPTER=evm): a withdrawal operations recorded as sent is `broadcasting`
// until its transaction is in a block, `confirming` while it gathers confirmations, and completed (the usual update:
// ledger, events, webhooks) only once the chain shows the configured token moved to the wallet's address for exactly
// the amount. A transfer that does not match, or a failed transaction, is `needs_review` and an alert for operations.
// A transaction a reorganisation takes out of the chain sends the withdrawal back to `broadcasting` (the same signed
// transaction may be mined again), and to `needs_review` when it is not within CUSTODY_CONFIRMATIONS blocks.
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Executor } from '@/db/client';
import { withdrawals } from '@/db/schema/liquidity';
import { chains } from '@/db/schema/platform/chains';
import { raiseChainAlert } from '@/lib/funding/server';
import { type ChainTransaction, type CustodyChainWatch, custody } from '@/lib/platform/adapters/custody';
import { businessNow } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { defineTask } from '@/lib/platform/jobs/define-task';
import { enqueueJob } from '@/lib/platform/jobs/enqueue';
import { describeError, log } from '@/lib/platform/log';
import { dec } from '@/lib/platform/money';
import { applyWithdrawalUpdate } from './withdrawal-progress';
import { findWithdrawal, type WithdrawalRow } from './withdrawals';

export const PROVE_WITHDRAWALS_JOB_KEY = 'liquidity.prove-withdrawals';

/** The token units a withdrawal of `amount` USDT (6 decimals) sends: exact, in bigint, whatever the token's decimals. */
function expectedRaw(amount: string, decimals: number): bigint {
  const micro = BigInt(dec(amount).times('1000000').toFixed(0));
  return decimals >= 6 ? micro * 10n ** BigInt(decimals - 6) : micro / 10n ** BigInt(6 - decimals);
}

/** What is wrong with the transaction as proof of the withdrawal, or null when it proves it. */
function mismatch(row: WithdrawalRow, found: ChainTransaction, watch: CustodyChainWatch): string | null {
  if (found.status !== 'success') return 'the transaction failed on chain (reverted): nothing was sent';
  const raw = expectedRaw(row.amount, watch.tokenDecimals);
  const recipient = row.wallet_address.toLowerCase();
  if (found.transfers.length === 0) return `the transaction moved no ${watch.tokenAddress} tokens`;
  const toWallet = found.transfers.filter((transfer) => transfer.to.toLowerCase() === recipient);
  if (toWallet.length === 0)
    return `the transaction paid ${found.transfers.map((transfer) => transfer.to).join(', ')}, not the wallet ${row.wallet_address}`;
  const paid = toWallet.reduce((sum, transfer) => sum + transfer.rawAmount, 0n);
  if (paid !== raw)
    return `the transaction sent ${paid} token units to the wallet; the withdrawal is ${raw} (${row.amount} USDT)`;
  return null;
}

export interface ProofPass {
  confirming: number;
  completed: number;
  needsReview: number;
  /** Withdrawals whose transaction left the chain in a reorganisation at this look (back to `broadcasting`). */
  reorganised: number;
  /** Withdrawals still waiting (not mined yet, or gathering confirmations). */
  inFlight: number;
}

async function droppedAtBlock(tx: Executor, id: string): Promise<bigint | null> {
  const [row] = await tx
    .select({ at: withdrawals.transactionDroppedAtBlock })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  return row?.at ?? null;
}

/**
 * One look at every withdrawal recorded as sent on the watched chain. Each is handled in its own transaction under
 * its row lock, so two workers never complete one twice (the state machine refuses a second completion anyway).
 */
export async function proveWithdrawalsOnChain(executor: Executor): Promise<ProofPass> {
  const pass: ProofPass = { confirming: 0, completed: 0, needsReview: 0, reorganised: 0, inFlight: 0 };
  const watch = custody().chainWatch;
  if (!watch || custody().withdrawalProof !== 'on_chain') return pass;
  const open = await executor
    .select({ id: withdrawals.id, orgId: withdrawals.orgId, chainId: withdrawals.chainId })
    .from(withdrawals)
    .innerJoin(chains, eq(chains.id, withdrawals.chainId))
    .where(
      and(
        eq(chains.code, watch.chainCode),
        eq(withdrawals.status, 'PROCESSING'),
        inArray(withdrawals.subStatus, ['broadcasting', 'confirming']),
        isNotNull(withdrawals.transactionHash),
      ),
    )
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id));
  if (open.length === 0) return pass;
  const head = await watch.head();
  for (const { id, orgId, chainId } of open) {
    await executor.transaction(async (tx) => {
      const row = await findWithdrawal(tx, orgId, id, { forUpdate: true });
      const stillOpen =
        row?.status === 'PROCESSING' && ['broadcasting', 'confirming'].includes(row.sub_status);
      if (!row || !stillOpen) return;
      const found = await watch.transaction(row.transaction_hash!);
      const dropped = await droppedAtBlock(tx, row.id);
      const needsReview = async (problem: string) => {
        await applyWithdrawalUpdate(tx, row, { status: 'PROCESSING', subStatus: 'needs_review' });
        await raiseChainAlert(
          tx,
          { chainId, chainCode: watch.chainCode },
          {
            kind: 'withdrawal_mismatch',
            orgId,
            subjectId: row.id,
            message: `Withdrawal ${row.id} (transaction ${row.transaction_hash}): ${problem}. Its hold stays until operations review it.`,
          },
        );
        pass.needsReview += 1;
      };
      if (!found) {
        if (row.sub_status === 'confirming') {
          // It was in a block and the node no longer has its receipt: a reorganisation took it out. The same signed
          // transaction may be mined again, so it is broadcasting again (no event: its status stays PROCESSING).
          await tx
            .update(withdrawals)
            .set({
              subStatus: 'broadcasting',
              transactionDroppedAtBlock: head,
              updatedAt: await businessNow(tx, orgId),
            })
            .where(eq(withdrawals.id, row.id));
          log(
            'warn',
            'custody: a confirming withdrawal left the chain in a reorganisation; broadcasting again',
            {
              chain: watch.chainCode,
              withdrawal_id: row.id,
              transaction_hash: row.transaction_hash,
              head: head.toString(),
            },
          );
          pass.reorganised += 1;
          pass.inFlight += 1;
          return;
        }
        if (dropped !== null && head - dropped >= BigInt(watch.confirmations)) {
          await needsReview(
            `the transaction was in a block, left the chain in a reorganisation at block ${dropped} and was not mined again within ${watch.confirmations} blocks (CUSTODY_CONFIRMATIONS): it may have been dropped, and sending it again is for operations to decide`,
          );
          return;
        }
        // Not in a block (yet): broadcast, or dropped, or moved by a reorganisation; looked at again next time.
        pass.inFlight += 1;
        return;
      }
      if (dropped !== null)
        await tx
          .update(withdrawals)
          .set({ transactionDroppedAtBlock: null })
          .where(eq(withdrawals.id, row.id));
      const problem = mismatch(row, found, watch);
      if (problem) {
        await needsReview(problem);
        return;
      }
      let current = row;
      if (current.sub_status === 'broadcasting') {
        current = await applyWithdrawalUpdate(tx, current, { status: 'PROCESSING', subStatus: 'confirming' });
        pass.confirming += 1;
      }
      if (head - found.blockNumber + 1n >= BigInt(watch.confirmations)) {
        await applyWithdrawalUpdate(tx, current, { status: 'COMPLETED', subStatus: 'confirmed' });
        pass.completed += 1;
      } else {
        pass.inFlight += 1;
      }
    });
  }
  return pass;
}

/** Asks for a look at the withdrawals soon (after a hash is recorded, or while some are in flight). */
export async function scheduleWithdrawalProof(executor: Executor, delaySeconds = 0): Promise<void> {
  await enqueueJob(
    executor,
    'liquidity.prove-withdrawals',
    {},
    { runAt: new Date(Date.now() + delaySeconds * 1000), jobKey: PROVE_WITHDRAWALS_JOB_KEY, maxAttempts: 1 },
  );
}

export const proveWithdrawalsTask = defineTask({
  name: 'liquidity.prove-withdrawals',
  // Cron adds `_cron` metadata to the payload; nothing else is expected.
  payload: z.looseObject({}),
  async run() {
    try {
      const pass = await proveWithdrawalsOnChain(db());
      if (pass.inFlight > 0) await scheduleWithdrawalProof(db(), env().CUSTODY_POLL_SECONDS);
    } catch (error) {
      log('warn', 'custody: withdrawal proof pass failed; retried at the next run', describeError(error));
      await scheduleWithdrawalProof(db(), env().CUSTODY_POLL_SECONDS);
    }
  },
});
