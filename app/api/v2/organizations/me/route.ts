// Serves GET /api/v2/organizations/me: the caller's organization and its entitlements.

import { handle } from '@/lib/app/handle';
import { getMyOrganizationOperation } from '@/lib/identity/contract/organizations-operations';
import { getOrganization } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getMyOrganizationOperation, ({ actor, db }) => getOrganization(db, actor.orgId)),
});
