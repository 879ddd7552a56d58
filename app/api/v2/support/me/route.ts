// Serves GET /api/v2/support/me: the signed-in staff member and their active view (staff only).
import { getStaffMeOperation } from '@/lib/api/operations/support';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';
import { getStaffMe } from '@/lib/support/get-staff-me';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getStaffMeOperation, ({ actor, db }) => getStaffMe(db, actor)),
});
