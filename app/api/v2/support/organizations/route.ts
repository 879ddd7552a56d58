// Serves GET and POST /api/v2/support/organizations: the organization directory (staff) and opening a client
// organization with its first admin's invitation (support lead).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { searchSupportOrganizationsOperation } from '@/lib/support/contract/operations';
import { createClientOrganizationOperation } from '@/lib/support/contract/staff-operations';
import { openClientOrganization, searchOrganizations } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(searchSupportOrganizationsOperation, ({ query, db }) => searchOrganizations(db, query)),
  POST: handle(createClientOrganizationOperation, ({ actor, body, db, requestId }) =>
    openClientOrganization(db, actor, body, requestId),
  ),
});
