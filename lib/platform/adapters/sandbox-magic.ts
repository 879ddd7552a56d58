// Owns the sandbox's magic amounts (DESIGN "Payouts"): which path a sandbox order or withdrawal takes by the whole part
// of its amount. The sandbox adapters (custody, payout rail) implement it; the step scheduler and the demo seed read
// it to know what those adapters will do. Production adapters never look at amounts.
import type { OrderStatus } from '@/db/schema/payouts';

/**
 * By the whole part of the amount (an order's beneficiary_amount in any currency, a withdrawal's USDT): …666 fails
 * (at the beneficiary's bank; a withdrawal at broadcast), …777 is never funded (CANCELLED_EXPIRED at expires_at),
 * …555 takes no automatic step; anything else completes.
 */
export type SandboxPath = 'complete' | 'fail' | 'never_funded' | 'manual';

export const SANDBOX_FAILURE_MESSAGE = "The beneficiary's bank returned the payment: account closed";

export function sandboxPath(amount: string): SandboxPath {
  const whole = amount.split('.')[0] ?? '';
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
