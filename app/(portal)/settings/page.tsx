// Owns the settings hub: the organization at a glance and one card per settings section the person may use.
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { OrganizationSettings } from '@/components/settings/organization-settings';
import { SettingsHub } from '@/components/settings/settings-hub';
import { currentUser } from '@/lib/identity/server';
import { env } from '@/lib/platform/env';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  const user = await currentUser();
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your organization, your team, your integrations and how you sign in."
      />
      <div className="space-y-6">
        <SettingsHub role={user?.organization?.role ?? 'member'} sandbox={env().APP_ENV === 'sandbox'} />
        <OrganizationSettings />
      </div>
    </>
  );
}
