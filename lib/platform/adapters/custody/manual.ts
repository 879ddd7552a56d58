// Owns manual custody: the client's USDT sits in the provider's custodian, run by its operations team by hand — addresses
// entered by operations, deposits recorded by one person and confirmed by another, withdrawals executed and recorded.
import type { CustodyAdapter } from './types';

const byOperations = (what: string) =>
  new Error(
    `CUSTODY_ADAPTER=manual: ${what} is done by the provider's operations team in the support console`,
  );

/**
 * Nothing here moves money or talks to a chain: the services of funding, payouts and liquidity read the capabilities
 * below and wait for the people who do. A confirmed order is funded at once (the USDT is already in custody, so it is
 * an internal ledger move), and every withdrawal waits for operations to record its execution.
 */
export const manualCustody: CustodyAdapter = {
  name: 'manual',
  depositAddresses: 'entered_by_operations',
  depositSource: 'recorded_by_operations',
  funding: 'immediate',
  withdrawalExecution: 'recorded_by_operations',
  async allocateDepositAddress() {
    throw byOperations('entering a deposit address');
  },
  async simulateIncomingTransfer() {
    throw byOperations('recording a deposit');
  },
  async sweepLanded() {
    return true;
  },
  nextWithdrawalStep() {
    return null;
  },
  withdrawalStepsAutomatically() {
    return false;
  },
  /**
   * Nothing outside to reach: the custodian is people. Deposits waiting for a second person show on the desk; a probe
   * reading them would need the funding area's tables, which platform never imports (decision record 0309).
   */
  async probe() {
    return { state: 'ok' };
  },
};
