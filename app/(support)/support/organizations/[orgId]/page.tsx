// Owns one organization's page in the support console.

import type { Metadata } from 'next';
import { OrganizationDetail } from '@/components/support/organization-detail';
import { currentUser } from '@/lib/identity/server';
import { holdsStaffRole } from '@/lib/platform/actor/roles';

export const metadata: Metadata = { title: 'Organization · Support console' };

export default async function SupportOrganizationPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const user = await currentUser();
  return (
    <OrganizationDetail orgId={orgId} lead={!!user && holdsStaffRole(user.staffRoles, ['support_lead'])} />
  );
}
