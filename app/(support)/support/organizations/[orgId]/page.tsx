// Owns one organization's page in the support console.
import type { Metadata } from 'next';
import { OrganizationDetail } from '@/components/support/organization-detail';

export const metadata: Metadata = { title: 'Organization · Support console' };

export default async function SupportOrganizationPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  return <OrganizationDetail orgId={orgId} />;
}
