'use client';
// Owns what a member sees while their organization requires a second factor they have not turned on yet.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { getTwoFactorOperation } from '@/lib/identity/contract/routes';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { SecuritySettings } from './security-settings';

export function TwoFactorGate({ organizationName }: { organizationName: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const status = useApiQuery(getTwoFactorOperation, {});
  const enabled = status.data?.enabled === true;
  useEffect(() => {
    if (!enabled) return;
    // Turned on: the organization opens again; whatever failed before is fetched afresh.
    void queryClient.invalidateQueries();
    router.refresh();
  }, [enabled, queryClient, router]);
  return (
    <>
      <PageHeader
        title="Turn on two-factor authentication"
        description={`${organizationName} requires a code from an authenticator app at sign-in. Set it up to continue.`}
      />
      <SecuritySettings mayChangePolicy={false} hasOrganization={false} />
    </>
  );
}
