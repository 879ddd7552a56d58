// Serves GET /api/v2/support/me: the signed-in staff member and their active view (staff only).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { getStaffMeOperation } from '@/lib/support/contract/operations';
import { getStaffMe } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getStaffMeOperation, ({ actor, db }) => getStaffMe(db, actor)),
});
