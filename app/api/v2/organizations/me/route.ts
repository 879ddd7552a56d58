// Serves GET /api/v2/organizations/me: the caller's organization and its entitlements.
import { getMyOrganizationOperation } from '@/lib/api/operations/organizations';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { getOrganization } from '@/lib/organizations/get-organization';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getMyOrganizationOperation, ({ actor, db }) => getOrganization(db, actor.orgId)),
});
