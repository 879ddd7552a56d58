// Owns the team page (admins): members, roles, invitations.
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { AdminOnly } from '@/components/settings/admin-only';
import { TeamSettings } from '@/components/settings/team-settings';
import { listMembersOperation } from '@/lib/identity/contract/routes';
import { currentUser } from '@/lib/identity/server';
import { roleMayCall } from '@/lib/platform/operations/operation';

export const metadata: Metadata = { title: 'Team' };

export default async function TeamPage() {
  const user = await currentUser();
  return (
    <>
      <PageHeader
        title="Team"
        description="Who can sign in to this organization, and what each person may do."
      />
      {user?.organization && roleMayCall(user.organization.role, listMembersOperation) ? (
        <TeamSettings currentUserId={user.id} />
      ) : (
        <AdminOnly what="the team" />
      )}
    </>
  );
}
