// Owns the sandbox payout rail: every payment is sent at once; an amount whose whole part ends in 666 comes back.
import { randomBytes, randomUUID } from 'node:crypto';
import { SANDBOX_FAILURE_MESSAGE, sandboxPath } from '../sandbox-magic';
import type { PayoutRail } from './types';

export const sandboxPayoutRail: PayoutRail = {
  name: 'sandbox',
  sending: 'automatic',
  async send() {
    return { railReference: `sbx_rail_${randomBytes(12).toString('hex')}`, trackingReference: randomUUID() };
  },
  async outcome(payment) {
    return sandboxPath(payment.amount) === 'fail'
      ? { status: 'returned', message: SANDBOX_FAILURE_MESSAGE }
      : { status: 'paid' };
  },
};
