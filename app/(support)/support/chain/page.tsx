// Owns the Chain page of the support console (operations, EVM custody; others get the not-found page, as the API
// answers 403): what the chain watcher could not settle alone — credited deposits a reorganisation removed, and
// withdrawals whose transaction did not prove them — each settled here with a reason, audited.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ChainWithdrawalReviews } from '@/components/liquidity/chain-withdrawal-reviews';
import { ChainVanishedDeposits } from '@/components/support/chain-vanished-deposits';
import { currentUser } from '@/lib/identity/server';
import { holdsStaffRole } from '@/lib/platform/actor/roles';

export const metadata: Metadata = { title: 'Chain · Support console' };

export default async function SupportChainPage() {
  const user = await currentUser();
  if (!user?.staffRole || !holdsStaffRole(user.staffRoles, ['operations'])) notFound();
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Chain</h1>
      <p className="mb-4 text-sm text-slate-600">
        What the chain watcher could not settle alone. Nothing here is reversed or completed without you;
        every settlement keeps your reason and is recorded in the audit log.
      </p>
      <div className="space-y-8">
        <section aria-labelledby="chain-withdrawals-heading" className="space-y-3">
          <h2 id="chain-withdrawals-heading" className="text-lg font-semibold">
            Withdrawals
          </h2>
          <ChainWithdrawalReviews />
        </section>
        <section aria-labelledby="chain-deposits-heading" className="space-y-3">
          <h2 id="chain-deposits-heading" className="text-lg font-semibold">
            Deposits
          </h2>
          <ChainVanishedDeposits />
        </section>
      </div>
    </>
  );
}
