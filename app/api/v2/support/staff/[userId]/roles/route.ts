// Serves PUT /api/v2/support/staff/{userId}/roles: set a staff member's roles (support lead).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { changeStaffRolesOperation } from '@/lib/support/contract/staff-operations';
import { changeStaffRoles } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PUT: handle(changeStaffRolesOperation, ({ actor, params, body, db, requestId }) =>
    changeStaffRoles(db, actor, { userId: params.userId, roles: body.roles }, requestId),
  ),
});
