// Serves GET /api/v2/support/organizations: the organization directory (staff only).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { searchSupportOrganizationsOperation } from '@/lib/support/contract/operations';
import { searchOrganizations } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(searchSupportOrganizationsOperation, ({ query, db }) => searchOrganizations(db, query)),
});
