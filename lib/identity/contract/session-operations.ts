// Owns the declarations of the browser session's operations (audience user: a person, whatever organization is active).

import { sessionOrganizationSchema, switchOrganizationBody } from '@/lib/identity/contract/session-schemas';
import { defineOperation } from '@/lib/platform/operations/operation';

export const switchActiveOrganizationOperation = defineOperation({
  id: 'switchActiveOrganization',
  method: 'PUT',
  path: '/api/v2/session/organization',
  summary: 'Choose which of your organizations this browser session acts for',
  description:
    'The next request acts there. An organization you are not a member of is 404. Browser sessions only: API keys belong to one organization.',
  tags: ['Session'],
  audience: 'user',
  body: switchOrganizationBody,
  errors: ['resource_not_found'],
  response: { status: 200, description: 'The organization now active', schema: sessionOrganizationSchema },
});

export const sessionOperations = [switchActiveOrganizationOperation];
