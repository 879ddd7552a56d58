// Owns which pages the support console's navigation offers a person: each page is for the staff roles its operations
// accept (the API answers 403 to anyone else, and the page itself is not found for them), and a person sees the pages
// of every role they hold. Kept apart from the layout so what each role sees is tested without a server.
import type { ConsoleLink } from '@/components/support/console-nav';
import { holdsStaffRole, type StaffRole } from '@/lib/platform/actor/roles';

const PAGES = [
  { href: '/support', label: 'Organizations', exact: true, roles: ['support'] },
  { href: '/support/reviews', label: 'Reviews', roles: ['support'] },
  { href: '/support/emails', label: 'Emails', roles: ['support'] },
  { href: '/support/views', label: 'Access records', roles: ['support_lead'] },
  { href: '/support/pricing', label: 'Pricing', roles: ['support_lead'] },
  { href: '/support/staff', label: 'Staff', roles: ['support_lead'] },
  { href: '/support/payout-accounts', label: 'Payout accounts', roles: ['support_lead'] },
  // Treasury's page; a support lead may open it too (the history), without a link in the lead's header.
  { href: '/support/rates', label: 'Rates', roles: ['treasury'] },
  { href: '/support/desk', label: 'Payouts desk', roles: ['operations'] },
  { href: '/support/custody', label: 'Custody', roles: ['operations'] },
  // EVM custody's alerts and the withdrawals that need review: operations' alone, as their operations are.
  { href: '/support/chain', label: 'Chain', roles: ['operations'] },
] as const satisfies readonly { href: string; label: string; exact?: boolean; roles: readonly StaffRole[] }[];

/** The console's links for a person holding `held`, in the header's order. */
export function consoleLinks(held: readonly StaffRole[]): ConsoleLink[] {
  return PAGES.filter((page) => holdsStaffRole(held, page.roles)).map((page) => ({
    href: page.href,
    label: page.label,
    ...('exact' in page ? { exact: page.exact } : {}),
  }));
}
