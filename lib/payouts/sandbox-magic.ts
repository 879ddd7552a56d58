// Owns the sandbox's magic amounts (DESIGN "Payouts"): which path a sandbox order takes, read by the sandbox custody
// and payout-rail adapters and by the step scheduler. Production adapters never look at amounts.
import type { OrderStatus } from '@/db/schema/payouts';

/**
 * By the whole part of beneficiary_amount (any currency): …666 fails at the beneficiary's bank, …777 is never
 * funded (CANCELLED_EXPIRED at expires_at), …555 takes no automatic step; anything else completes.
 */
export type SandboxPath = 'complete' | 'fail' | 'never_funded' | 'manual';

export const SANDBOX_FAILURE_MESSAGE = "The beneficiary's bank returned the payment: account closed";

export function sandboxPath(beneficiaryAmount: string): SandboxPath {
  const whole = beneficiaryAmount.split('.')[0] ?? '';
  if (whole.endsWith('666')) return 'fail';
  if (whole.endsWith('777')) return 'never_funded';
  if (whole.endsWith('555')) return 'manual';
  return 'complete';
}

/** Whether the worker moves an order on this path by itself (a never-funded order only expires, by the sweep). */
export function stepsAutomatically(path: SandboxPath): boolean {
  return path === 'complete' || path === 'fail';
}

/** The next status on the order's sandbox path, or null when it has none (DRAFT, or terminal). */
export function nextOnPath(status: OrderStatus, path: SandboxPath): OrderStatus | null {
  switch (status) {
    case 'AWAITING_DEPOSIT':
      return path === 'never_funded' ? 'CANCELLED_EXPIRED' : 'DEPOSIT_RECEIVED';
    case 'DEPOSIT_RECEIVED':
      return 'PAYING_BENEFICIARY';
    case 'PAYING_BENEFICIARY':
      return path === 'fail' ? 'FAILED' : 'COMPLETED';
    default:
      return null;
  }
}
