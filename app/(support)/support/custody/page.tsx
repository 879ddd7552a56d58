// Owns the Custody page of the support console (operations, manual custody; others get the not-found page, as the API
// answers 403): deposits recorded by one person and confirmed by another, withdrawals waiting to be sent from custody,
// and organizations' deposit addresses.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CustodyWithdrawals } from '@/components/liquidity/custody-withdrawals';
import { CustodyDepositAddress } from '@/components/support/custody-deposit-address';
import { CustodyDeposits } from '@/components/support/custody-deposits';
import { currentUser } from '@/lib/identity/server';
import { holdsStaffRole } from '@/lib/platform/actor/roles';

export const metadata: Metadata = { title: 'Custody · Support console' };

export default async function SupportCustodyPage() {
  const user = await currentUser();
  if (!user?.staffRole || !holdsStaffRole(user.staffRoles, ['operations'])) notFound();
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Custody</h1>
      <p className="mb-4 text-sm text-slate-600">
        The provider&apos;s custodian, run by people: record the USDT that reached custody (someone else
        confirms it before the organization is credited) and the transaction of each withdrawal sent from it.
        Every step is recorded in the audit log.
      </p>
      <div className="space-y-8">
        <section aria-labelledby="custody-deposits-heading" className="space-y-3">
          <h2 id="custody-deposits-heading" className="text-lg font-semibold">
            Deposits
          </h2>
          <CustodyDeposits me={user.id} />
        </section>
        <section aria-labelledby="custody-withdrawals-heading" className="space-y-3">
          <h2 id="custody-withdrawals-heading" className="text-lg font-semibold">
            Withdrawals
          </h2>
          <CustodyWithdrawals />
        </section>
        <section aria-labelledby="custody-addresses-heading" className="space-y-3">
          <h2 id="custody-addresses-heading" className="text-lg font-semibold">
            Deposit addresses
          </h2>
          <CustodyDepositAddress />
        </section>
      </div>
    </>
  );
}
