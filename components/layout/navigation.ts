// Owns the portal's navigation registry: one list feeds the sidebar, the phone menu and the dashboard.
// A slice that adds a page flips its item's `ready` to true in the same change; a test checks that every
// ready item has its page and no unready item does, so the menu never links to a 404.
import type { Entitlement } from '@/lib/platform/actor/entitlements';

export interface NavigationItem {
  href: string;
  label: string;
  /** The product the organization must be entitled to; null = every organization. */
  entitlement: Entitlement | null;
  /** Its page exists (app/(portal)/<href>/page.tsx). */
  ready: boolean;
  /** Marked current only on exactly this path (the dashboard), not on sub-paths. */
  exact?: boolean;
  /** Shown only in sandbox mode (the page answers 404 in production). */
  sandboxOnly?: boolean;
}

export const navigationItems: readonly NavigationItem[] = [
  { href: '/', label: 'Dashboard', entitlement: null, ready: true, exact: true },
  { href: '/batches', label: 'Batches', entitlement: 'payouts', ready: true },
  { href: '/approvals', label: 'Approvals', entitlement: null, ready: true },
  { href: '/withdrawals', label: 'Withdrawals', entitlement: 'liquidity_management', ready: true },
  { href: '/proofs', label: 'Proofs', entitlement: 'liquidity_utilization', ready: true },
  { href: '/senders', label: 'Senders', entitlement: 'payouts', ready: true },
  { href: '/beneficiaries', label: 'Beneficiaries', entitlement: 'payouts', ready: true },
  { href: '/settings', label: 'Settings', entitlement: null, ready: true },
  // Named for what it holds: "Outbox" read like outgoing payments.
  { href: '/outbox', label: 'Sandbox emails', entitlement: null, ready: true, sandboxOnly: true },
];

/** The items an organization with these entitlements sees: ready pages of products it may use. */
export function visibleNavigation(
  entitlements: readonly string[],
  options: { sandbox?: boolean } = {},
): NavigationItem[] {
  return navigationItems.filter(
    (item) =>
      item.ready &&
      (!item.sandboxOnly || options.sandbox === true) &&
      (item.entitlement === null || entitlements.includes(item.entitlement)),
  );
}

export function isCurrent(item: Pick<NavigationItem, 'href' | 'exact'>, pathname: string): boolean {
  if (item.exact || item.href === '/') return pathname === item.href;
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
