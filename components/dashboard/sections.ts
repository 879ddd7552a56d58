// Owns which parts of the dashboard an organization sees, by the products it is entitled to.
import type { Entitlement } from '@/lib/platform/actor/entitlements';

export interface DashboardSections {
  /** Balance, its history, funding addresses and recent movements: the USDT every product spends. */
  funding: boolean;
  /** Batches needing action, payout figures and the sandbox deposit, which belong to the payouts product. */
  payouts: boolean;
}

/**
 * Funding is shared: withdrawals spend the same balance as payouts, so a liquidity-only organization sees it too.
 * Until the organization has loaded, everything is shown (its cards show their own loading states).
 */
export function dashboardSections(entitlements: readonly Entitlement[] | undefined): DashboardSections {
  if (!entitlements) return { funding: true, payouts: true };
  return { funding: entitlements.length > 0, payouts: entitlements.includes('payouts') };
}
