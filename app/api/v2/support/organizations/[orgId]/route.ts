// Serves GET /api/v2/support/organizations/{orgId}: one organization's state at a glance (staff only).
import { getSupportOrganizationOperation } from '@/lib/api/operations/support';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { getOrganizationDetail } from '@/lib/support/directory';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getSupportOrganizationOperation, ({ params, db }) => getOrganizationDetail(db, params.orgId)),
});
