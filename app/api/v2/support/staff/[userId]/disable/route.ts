// Serves POST /api/v2/support/staff/{userId}/disable: disable a staff member (support lead).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { disableStaffOperation } from '@/lib/support/contract/staff-operations';
import { disableStaff } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(disableStaffOperation, ({ actor, params, db, requestId }) =>
    disableStaff(db, actor, { userId: params.userId }, requestId),
  ),
});
