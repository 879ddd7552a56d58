// Serves GET /api/v2/organizations/me: the caller's organization and its entitlements.
import { getMyOrganizationOperation } from '@/lib/identity/contract/organizations-operations';
import { getOrganization } from '@/lib/identity/server';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getMyOrganizationOperation, ({ actor, db }) => getOrganization(db, actor.orgId)),
});
