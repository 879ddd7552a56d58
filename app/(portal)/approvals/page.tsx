// Owns /approvals: the approvals inbox — what waits for the signed-in person's approval, everything pending, and what
// was decided — across batches, withdrawals, wallets and rule changes.
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { ApprovalsInbox } from '@/components/approvals/approvals-inbox';
import { currentUser } from '@/lib/identity/server';

export const metadata: Metadata = { title: 'Approvals' };

export default async function ApprovalsPage() {
  const user = await currentUser();
  if (!user) redirect('/login?callbackUrl=/approvals');
  if (!user.organization) redirect('/');
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Approvals</h1>
        <p className="max-w-2xl text-sm text-slate-600">
          Batches, withdrawals, wallets and rule changes your organization&apos;s approval rules hold for
          approval. Open one to review it; approving several from “Waiting for me” approves each exactly as
          listed, and anything that changed since is refused, not approved.
        </p>
      </header>
      <Suspense>
        <ApprovalsInbox />
      </Suspense>
    </div>
  );
}
