// Owns the support lead's Payout accounts page (others get the not-found page, as the API refuses them a new account).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PayoutAccounts } from '@/components/support/payout-accounts';
import { currentUser } from '@/lib/identity/server';
import { holdsStaffRole } from '@/lib/platform/actor/roles';

export const metadata: Metadata = { title: 'Payout accounts · Support console' };

export default async function SupportPayoutAccountsPage() {
  const user = await currentUser();
  if (!user || !holdsStaffRole(user.staffRoles, ['support_lead'])) notFound();
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Payout accounts</h1>
      <p className="mb-4 text-sm text-slate-600">
        The provider&apos;s accounts at its bank that the payouts desk pays from. A new account becomes its
        currency&apos;s active one; the previous one is kept, inactive.
      </p>
      <PayoutAccounts />
    </>
  );
}
