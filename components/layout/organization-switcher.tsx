'use client';
// Owns switching the organization a signed-in user acts for (PUT /api/v2/session/organization); shown only with several memberships.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { switchActiveOrganizationOperation } from '@/lib/identity/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';

export interface MembershipOption {
  orgId: string;
  orgName: string;
  role: string;
}

export function OrganizationSwitcher({
  memberships,
  activeOrgId,
}: {
  memberships: readonly MembershipOption[];
  activeOrgId: string;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [pending, startTransition] = useTransition();
  const [value, setValue] = useState(activeOrgId);
  if (memberships.length < 2) return null;

  const switchTo = async (orgId: string) => {
    const previous = value;
    setValue(orgId);
    try {
      await apiFetch(switchActiveOrganizationOperation, { body: { org_id: orgId } });
      // Everything cached belonged to the other organization.
      queryClient.clear();
      startTransition(() => router.refresh());
    } catch (error) {
      setValue(previous);
      notify({
        tone: 'error',
        title: 'Could not switch organization',
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <div aria-busy={pending || undefined}>
      <span id="org-switcher-label" className="mb-1 block text-xs font-medium text-slate-500">
        Organization
      </span>
      <Select
        aria-label="Organization"
        value={value}
        disabled={pending}
        onValueChange={switchTo}
        options={memberships.map((m) => ({ value: m.orgId, label: `${m.orgName} · ${m.role}` }))}
      />
    </div>
  );
}
