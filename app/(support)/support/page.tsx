// Owns the support console's home: the organization directory for support staff. Everyone signing in as staff lands
// here; a person without a support role (operations, treasury) gets a short welcome pointing to their pages instead
// of a directory they may not read.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { OrganizationDirectory } from '@/components/support/organization-directory';
import { currentUser } from '@/lib/identity/server';
import { holdsStaffRole, staffRoleLabel } from '@/lib/platform/actor/roles';

export const metadata: Metadata = { title: 'Support console' };

export default async function SupportHomePage() {
  const user = await currentUser();
  if (user && !holdsStaffRole(user.staffRoles, ['support'])) {
    return (
      <>
        <h1 className="mb-2 text-2xl font-semibold tracking-tight">Welcome, {user.name}</h1>
        <p className="text-sm text-slate-600">
          You are signed in to the support console as {user.staffRoles.map(staffRoleLabel).join(', ')}. Your
          pages are in the menu above.
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Organizations</h1>
      <Suspense>
        <OrganizationDirectory canCreate={holdsStaffRole(user?.staffRoles ?? [], ['support_lead'])} />
      </Suspense>
    </>
  );
}
