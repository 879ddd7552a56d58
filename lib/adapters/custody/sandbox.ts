// Owns the sandbox custody simulation: valid-format addresses nobody holds a key for, and made-up transaction hashes.
import { randomBytes } from 'node:crypto';
import { sandboxAddress } from '@/lib/chains/addresses';
import { sandboxPath } from '@/lib/payouts/sandbox-magic';
import type { CustodyAdapter, CustodyChain } from './types';

/** A 32-byte hash in the chain's notation: bare hex on TRON, 0x-prefixed on EVM chains. */
function simulatedTransactionHash(chain: CustodyChain): string {
  const hex = randomBytes(32).toString('hex');
  return chain.addressFormat === 'tron' ? hex : `0x${hex}`;
}

/**
 * Documented behaviour: addresses are random but valid for the chain's format (checksummed on EVM, Base58Check on
 * TRON), so nothing real can ever be sent to a key someone holds; every simulated transfer lands at once with a
 * fresh random hash. A sweep lands at the first look, except for an order whose beneficiary amount's whole part ends
 * in 777: its funding never lands (the order expires at its deadline).
 */
export const sandboxCustody: CustodyAdapter = {
  name: 'sandbox',
  async allocateDepositAddress({ chain }) {
    return { address: sandboxAddress(chain.addressFormat) };
  },
  async simulateIncomingTransfer({ chain }) {
    return { transactionHash: simulatedTransactionHash(chain) };
  },
  async sweepLanded({ beneficiaryAmount }) {
    return sandboxPath(beneficiaryAmount) !== 'never_funded';
  },
};
