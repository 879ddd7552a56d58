// Owns the settings overview: the organization, its products, and the settings sections that exist so far.
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { OrganizationSettings } from '@/components/settings/organization-settings';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your organization, its products, your team and integrations."
      />
      <OrganizationSettings />
    </>
  );
}
