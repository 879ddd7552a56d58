// Owns the page an invitation email links to: join the organization, signed in or as a new user.
import type { Metadata } from 'next';
import { InvitationAccept } from '@/components/auth/invitation-accept';
import { currentUser } from '@/lib/identity/server';

export const metadata: Metadata = { title: 'Join an organization', referrer: 'no-referrer' };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const [{ token }, user] = await Promise.all([params, currentUser()]);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Join an organization</h1>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <InvitationAccept token={token} signedInAs={user?.email ?? null} />
      </div>
    </>
  );
}
