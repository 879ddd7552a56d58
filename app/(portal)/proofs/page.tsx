// Owns /proofs: settlement routes with downloadable, hash-checked proofs, utilization proofs, loans and repayments.
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ProofsView } from '@/components/liquidity/proofs-view';
import { currentUser } from '@/lib/identity/server';

export const metadata: Metadata = { title: 'Proofs' };

export default async function ProofsPage() {
  const user = await currentUser();
  if (!user) redirect('/login?callbackUrl=/proofs');
  if (!user.organization) redirect('/');
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Proofs</h1>
        <p className="max-w-2xl text-sm text-slate-600">
          Proof-of-settlement documents for each of your settlement routes, the liquidity you have used, and
          your liquidity loans.
        </p>
        <Link href="/withdrawals" className="text-sm font-medium text-accent-700 hover:underline">
          ← Withdrawals and the address book
        </Link>
      </header>
      <ProofsView />
    </div>
  );
}
