// Owns the security page of every user: password, two-factor authentication, and (admins) the organization's policy.
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { SecuritySettings } from '@/components/settings/security-settings';
import { updateSecurityPolicyOperation } from '@/lib/identity/contract/routes';
import { currentUser } from '@/lib/identity/server';
import { roleMayCall } from '@/lib/platform/operations/operation';

export const metadata: Metadata = { title: 'Security' };

export default async function SecurityPage() {
  const user = await currentUser();
  return (
    <>
      <PageHeader title="Security" description="How you sign in." />
      <SecuritySettings
        mayChangePolicy={Boolean(
          user?.organization && roleMayCall(user.organization.role, updateSecurityPolicyOperation),
        )}
        hasOrganization={Boolean(user?.organization)}
      />
    </>
  );
}
