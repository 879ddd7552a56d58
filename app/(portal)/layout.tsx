// Owns the portal's frame and its door: a live session with an organization, or off to sign-in (and back here after).
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { PortalShell } from '@/components/layout/portal-shell';
import { SignInRedirect } from '@/components/layout/sign-in-redirect';
import { TwoFactorGateLazy } from '@/components/settings/two-factor-gate-lazy';
import { db } from '@/db/client';
import { currentUser, getOrganization, listUserMemberships, mustEnrolTwoFactor } from '@/lib/identity/server';
import { env } from '@/lib/platform/env';

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  // The layout does not know the URL; the browser does, so it sends the user to sign-in with the way back.
  if (!user) return <SignInRedirect />;
  // Provider staff see an organization only through a support view; otherwise their home is the console.
  if (user.staffRole && !user.view) redirect('/support');
  if (!user.organization) {
    return (
      <div className="mx-auto max-w-lg px-6 py-16 text-center">
        <h1 className="text-xl font-semibold">No organization to show</h1>
        <p className="mt-2 text-sm text-slate-600">
          {user.staffRole
            ? 'Provider staff act for an organization only through the support console.'
            : 'Your account is not a member of any organization. Ask your admin for an invitation.'}
        </p>
      </div>
    );
  }
  const [organization, memberships, gated] = await Promise.all([
    getOrganization(db(), user.organization.id),
    listUserMemberships(db(), user.id),
    mustEnrolTwoFactor(db(), user.organization.id, user.id),
  ]);
  return (
    <PortalShell
      user={user}
      organization={organization}
      memberships={memberships}
      sandbox={env().APP_ENV === 'sandbox'}
    >
      {gated ? <TwoFactorGateLazy organizationName={organization.name} /> : children}
    </PortalShell>
  );
}
