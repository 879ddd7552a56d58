// Serves GET /api/v2/support/organizations: the organization directory (staff only).
import { searchSupportOrganizationsOperation } from '@/lib/api/operations/support';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';
import { searchOrganizations } from '@/lib/support/directory';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(searchSupportOrganizationsOperation, ({ query, db }) => searchOrganizations(db, query)),
});
