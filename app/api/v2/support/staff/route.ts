// Serves GET and POST /api/v2/support/staff: the staff list and inviting a staff member (support lead).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { inviteStaffOperation, listStaffOperation } from '@/lib/support/contract/staff-operations';
import { inviteStaff, listStaff } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listStaffOperation, ({ query, db }) => listStaff(db, query)),
  POST: handle(inviteStaffOperation, ({ actor, body, db, requestId }) =>
    inviteStaff(db, actor, body, requestId),
  ),
});
