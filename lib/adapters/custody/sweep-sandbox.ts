// Owns the sandbox custody sweep: lands at the first look, except for an amount whose whole part ends in 777.
import { sandboxPath } from '@/lib/payouts/sandbox-magic';
import type { CustodySweeps } from './sweep-types';

export const sandboxCustodySweeps: CustodySweeps = {
  name: 'sandbox',
  async sweepLanded(request) {
    return sandboxPath(request.beneficiaryAmount) !== 'never_funded';
  },
};
