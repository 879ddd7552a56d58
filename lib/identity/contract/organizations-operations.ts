// Owns the declarations of the organization operations.

import {
  organizationSchema,
  organizationSettingsSchema,
  updateOrganizationSettingsBody,
} from '@/lib/identity/contract/organizations-schemas';
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

export const getOrganizationSettingsOperation = defineOperation({
  id: 'getOrganizationSettings',
  method: 'GET',
  path: '/api/v2/organizations/me/settings',
  summary: "The organization's settings for approvals and notices",
  description:
    'Whether confirm must carry the review digest, how far a total may move when the last approval confirms at the current quote, and the low-balance notice threshold.',
  tags: ['Organizations'],
  response: { status: 200, description: 'The settings', schema: organizationSettingsSchema },
});

export const updateOrganizationSettingsOperation = defineOperation({
  id: 'updateOrganizationSettings',
  method: 'PATCH',
  path: '/api/v2/organizations/me/settings',
  summary: "Change the organization's settings",
  description:
    'An admin changes any of the settings; those not named stay as they are. Each change is in the audit log with who made it and the values before and after.',
  tags: ['Organizations'],
  role: 'admin',
  body: updateOrganizationSettingsBody,
  response: { status: 200, description: 'The settings now in force', schema: organizationSettingsSchema },
});
