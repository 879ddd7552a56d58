// Owns when a withdrawal's next automatic custody step runs (sandbox only): enqueued in the caller's transaction
// after SANDBOX_STEP_SECONDS, for an open withdrawal past approval. Apart from withdrawal-progress so that creating a
// withdrawal (withdrawals.ts) can schedule its first step without the two modules importing each other.
import type { Executor } from '@/db/client';
import type { WithdrawalStatus, WithdrawalSubStatus } from '@/db/schema/liquidity';
import { custody } from '@/lib/platform/adapters/custody';
import { env, isSandbox } from '@/lib/platform/env';
import { enqueueJob } from '@/lib/platform/jobs/enqueue';

/** What scheduling reads of a withdrawal row (withdrawals.ts's WithdrawalRow has it all). */
interface SchedulableWithdrawal {
  id: string;
  org_id: string;
  amount: string;
  chain_code: string;
  status: WithdrawalStatus;
  sub_status: WithdrawalSubStatus;
}

const FINAL: ReadonlySet<WithdrawalStatus> = new Set(['COMPLETED', 'FAILED']);

export function isFinal(status: WithdrawalStatus): boolean {
  return FINAL.has(status);
}

/** Seconds between automatic sandbox steps (0: none, tests drive every step). */
function stepSeconds(): number {
  return env().SANDBOX_STEP_SECONDS;
}

/** Enqueues the next automatic custody step of an open withdrawal, in the caller's transaction (sandbox only). */
export async function scheduleWithdrawalStep(tx: Executor, row: SchedulableWithdrawal): Promise<void> {
  if (!isSandbox() || isFinal(row.status) || stepSeconds() === 0) return;
  // Nothing goes to custody before the second approver says so.
  if (row.sub_status === 'pending_approval') return;
  const view = {
    amount: row.amount,
    chainCode: row.chain_code,
    status: row.status,
    subStatus: row.sub_status,
  };
  if (!custody().withdrawalStepsAutomatically(view)) return;
  await enqueueJob(
    tx,
    'liquidity.withdrawal-step',
    { withdrawalId: row.id, orgId: row.org_id, from: row.sub_status },
    {
      runAt: new Date(Date.now() + stepSeconds() * 1000),
      jobKey: `withdrawal-step:${row.id}`,
      maxAttempts: 5,
    },
  );
}
