// Owns the sandbox custody simulation: valid-format addresses nobody holds a key for, and made-up transaction hashes.
import { randomBytes } from 'node:crypto';
import { sandboxAddress } from '@/lib/platform/chains/addresses';
import { sandboxPath } from '../sandbox-magic';
import type { CustodyAdapter, CustodyChain, CustodyWithdrawalUpdate } from './types';

/** A 32-byte hash in the chain's notation: bare hex on TRON, 0x-prefixed on EVM chains. */
function simulatedTransactionHash(chain: CustodyChain): string {
  const hex = randomBytes(32).toString('hex');
  return chain.addressFormat === 'tron' ? hex : `0x${hex}`;
}

export const SANDBOX_BROADCAST_FAILURE =
  'The network refused the transaction (sandbox: amounts ending in 666 fail at broadcast). Nothing was sent; the funds are available again.';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * Documented behaviour: addresses are random but valid for the chain's format (checksummed on EVM, Base58Check on
 * TRON), so nothing real can ever be sent to a key someone holds; every simulated transfer lands at once with a
 * fresh random hash. A sweep lands at the first look, except for an order whose beneficiary amount's whole part ends
 * in 777: its funding never lands (the order expires at its deadline).
 */
export const sandboxCustody: CustodyAdapter = {
  name: 'sandbox',
  depositAddresses: 'allocated',
  depositSource: 'simulated',
  funding: 'stepped',
  withdrawalExecution: 'simulated',
  async allocateDepositAddress({ chain }) {
    return { address: sandboxAddress(chain.addressFormat) };
  },
  async simulateIncomingTransfer({ chain }) {
    return { transactionHash: simulatedTransactionHash(chain) };
  },
  async sweepLanded({ beneficiaryAmount }) {
    return sandboxPath(beneficiaryAmount) !== 'never_funded';
  },
  /**
   * Withdrawals: SUBMITTED/awaiting_approval → PROCESSING/signing (custody_transaction_id) → PROCESSING/broadcasting →
   * PROCESSING/confirming (transaction_hash) → COMPLETED/confirmed. By the whole part of the amount: ending in 666 →
   * FAILED/broadcast_failed at the broadcast step; ending in 555 → no automatic step (only the sandbox advance).
   */
  nextWithdrawalStep(withdrawal): CustodyWithdrawalUpdate | null {
    switch (withdrawal.subStatus) {
      case 'awaiting_approval':
        return { status: 'PROCESSING', subStatus: 'signing', custodyTransactionId: `sbx_wd_${hex(12)}` };
      case 'signing':
        return { status: 'PROCESSING', subStatus: 'broadcasting' };
      case 'broadcasting':
        if (sandboxPath(withdrawal.amount) === 'fail') {
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
  withdrawalStepsAutomatically(withdrawal) {
    return sandboxPath(withdrawal.amount) !== 'manual';
  },
};
