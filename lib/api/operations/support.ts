// Owns the declarations of the support console's operations (audience staff: keys and client users get 404).
import { defineOperation } from '@/lib/api/operation';
import { staffMeSchema } from '@/lib/schemas/support';

export const getStaffMeOperation = defineOperation({
  id: 'getStaffMe',
  method: 'GET',
  path: '/api/v2/support/me',
  summary: 'The signed-in staff member and their active "view as organization", if any',
  tags: ['Support'],
  audience: 'staff',
  response: { status: 200, description: 'The staff member', schema: staffMeSchema },
});

export const supportOperations = [getStaffMeOperation];
