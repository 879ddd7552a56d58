// Owns the organization page of settings: name, legal details, products.
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { OrganizationSettings } from '@/components/settings/organization-settings';

export const metadata: Metadata = { title: 'Organization' };

export default function OrganizationPage() {
  return (
    <>
      <PageHeader
        title="Organization"
        description="Your organization as the provider knows it, and its products."
      />
      <OrganizationSettings />
    </>
  );
}
