'use client';
import type { OrganizationWire } from '@/lib/identity/contract/organizations-schemas';
// Owns the signed-in organization as the portal's pages read it: GET /api/v2/organizations/me through react-query,
// seeded by the server so the menu renders at once and refreshes when the tab regains focus.
import { getMyOrganizationOperation } from '@/lib/identity/contract/routes';
import { useApiQuery } from '@/lib/platform/browser/queries';

export function useOrganization(initial?: OrganizationWire) {
  return useApiQuery(getMyOrganizationOperation, {}, { initialData: initial, staleTime: 60_000 });
}
