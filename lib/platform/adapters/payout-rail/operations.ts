// Owns the operations payout rail: the provider's operations team pays each order from its bank by hand, through the
// payouts desk of the support console, which drives the payouts state machine itself (lib/payouts/server/desk*).
import type { PayoutRail } from './types';

/**
 * Never sends on its own: the lifecycle's automatic steps leave a DEPOSIT_RECEIVED order to the desk (`sending:
 * 'desk'`), where one person marks it sent and another records the bank's outcome.
 */
export const operationsPayoutRail: PayoutRail = {
  name: 'operations',
  sending: 'desk',
  async send() {
    throw new Error('PAYOUT_RAIL_ADAPTER=operations: payments are marked sent at the payouts desk');
  },
  async outcome() {
    return { status: 'pending' };
  },
  /** Nothing outside to reach: the rail is people and the provider's bank portal. */
  async probe() {
    return { state: 'ok' };
  },
};
