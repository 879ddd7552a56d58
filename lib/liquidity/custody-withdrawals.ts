// Owns the custody provider's side of withdrawals (interface and the documented sandbox simulation).
// Moves into lib/adapters/custody once that adapter exists on main.
import { randomBytes } from 'node:crypto';
import type { WithdrawalStatus, WithdrawalSubStatus } from '@/db/schema/liquidity';
import { dec } from '@/lib/money';

/** What custody reports about a withdrawal: its next state and what became known with it. */
export interface CustodyWithdrawalUpdate {
  status: WithdrawalStatus;
  subStatus: WithdrawalSubStatus;
  custodyTransactionId?: string;
  transactionHash?: string;
  failureReason?: string;
}

export interface CustodyWithdrawalView {
  amount: string;
  chainCode: string;
  status: WithdrawalStatus;
  subStatus: WithdrawalSubStatus;
}

export interface CustodyWithdrawals {
  /** The next step of an in-flight withdrawal, or null when it is final. */
  nextStep(withdrawal: CustodyWithdrawalView): CustodyWithdrawalUpdate | null;
  /** Whether steps happen by themselves (false: only the sandbox advance endpoint moves it). */
  stepsAutomatically(withdrawal: CustodyWithdrawalView): boolean;
}

/** Whole part of the amount ends in these digits (e.g. 1666.00, 555.25). */
const endsIn = (amount: string, digits: string) => dec(amount).trunc().toFixed().endsWith(digits);

export const SANDBOX_BROADCAST_FAILURE =
  'The network refused the transaction (sandbox: amounts ending in 666 fail at broadcast). Nothing was sent; the funds are available again.';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * The sandbox custody provider. SUBMITTED/awaiting_approval → PROCESSING/signing (custody_transaction_id set) →
 * PROCESSING/broadcasting → PROCESSING/confirming (transaction_hash set) → COMPLETED/confirmed. Magic amounts by the
 * whole part: ending in 666 → FAILED/broadcast_failed at the broadcast step; ending in 555 → no automatic step (each
 * step waits for POST /api/v2/sandbox/withdrawals/{id}/advance).
 */
export const sandboxCustodyWithdrawals: CustodyWithdrawals = {
  nextStep(withdrawal) {
    switch (withdrawal.subStatus) {
      case 'awaiting_approval':
        return { status: 'PROCESSING', subStatus: 'signing', custodyTransactionId: `sbx_wd_${hex(12)}` };
      case 'signing':
        return { status: 'PROCESSING', subStatus: 'broadcasting' };
      case 'broadcasting':
        if (endsIn(withdrawal.amount, '666')) {
          return {
            status: 'FAILED',
            subStatus: 'broadcast_failed',
            failureReason: SANDBOX_BROADCAST_FAILURE,
          };
        }
        return {
          status: 'PROCESSING',
          subStatus: 'confirming',
          transactionHash: withdrawal.chainCode === 'tron' ? hex(32) : `0x${hex(32)}`,
        };
      case 'confirming':
        return { status: 'COMPLETED', subStatus: 'confirmed' };
      default:
        return null;
    }
  },
  stepsAutomatically(withdrawal) {
    return !endsIn(withdrawal.amount, '555');
  },
};

export function custodyWithdrawals(): CustodyWithdrawals {
  return sandboxCustodyWithdrawals;
}
