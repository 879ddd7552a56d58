// Owns the declarations of the organization operations.

import { organizationSchema } from '@/lib/identity/contract/organizations-schemas';
import { defineOperation } from '@/lib/platform/operations/operation';

export const getMyOrganizationOperation = defineOperation({
  id: 'getMyOrganization',
  method: 'GET',
  path: '/api/v2/organizations/me',
  summary: 'The authenticated organization and its product entitlements',
  description:
    'Use `entitlements` to check which products (payouts, liquidity management, liquidity utilization) the organization may use before calling them.',
  tags: ['Organizations'],
  response: { status: 200, description: 'The organization', schema: organizationSchema },
});
