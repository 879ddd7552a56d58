// Owns /withdrawals: the organization's withdrawals, requesting one (approvers), those waiting for a second approver,
// and the address book.
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { AddressBook } from '@/components/liquidity/address-book';
import { PendingWithdrawals } from '@/components/liquidity/pending-withdrawals';
import { RequestWithdrawal } from '@/components/liquidity/request-withdrawal';
import { WithdrawalsView } from '@/components/liquidity/withdrawals-view';
import { currentUser } from '@/lib/identity/server';
import { createWalletOperation, createWithdrawalOperation } from '@/lib/liquidity/contract/routes';
import { roleMayCall } from '@/lib/platform/operations/operation';

export const metadata: Metadata = { title: 'Withdrawals' };

export default async function WithdrawalsPage() {
  const user = await currentUser();
  if (!user) redirect('/login?callbackUrl=/withdrawals');
  if (!user.organization) redirect('/');
  const { role } = user.organization;
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Withdrawals</h1>
        <p className="max-w-2xl text-sm text-slate-600">
          Move USDT from your funding balance to your own wallets. Each withdrawal goes through the custody
          provider: submitted, processing (signing, broadcasting, confirming), then completed with its
          on-chain transaction — or failed, with the amount returned to your available balance.
        </p>
        <Link href="/proofs" className="text-sm font-medium text-accent-700 hover:underline">
          Proofs of settlement, utilization and loans →
        </Link>
      </header>
      {roleMayCall(role, createWithdrawalOperation) ? <RequestWithdrawal /> : null}
      <PendingWithdrawals />
      <Suspense>
        <WithdrawalsView />
      </Suspense>
      <AddressBook canEdit={roleMayCall(role, createWalletOperation)} />
    </div>
  );
}
