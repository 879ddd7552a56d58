'use client';
// Owns the signed-in organization as the portal's pages read it: GET /api/v2/organizations/me through react-query,
// seeded by the server so the menu renders at once and refreshes when the tab regains focus.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { OrganizationWire } from '@/lib/schemas/organizations';

export const organizationQueryKey = ['organizations', 'me'] as const;

export function useOrganization(initial?: OrganizationWire) {
  return useQuery({
    queryKey: organizationQueryKey,
    queryFn: () => apiFetch<OrganizationWire>('/api/v2/organizations/me'),
    initialData: initial,
    staleTime: 60_000,
  });
}
