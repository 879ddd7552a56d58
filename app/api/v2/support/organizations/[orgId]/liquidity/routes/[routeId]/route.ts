// Serves PATCH /api/v2/support/organizations/{orgId}/liquidity/routes/{routeId}: a route's status (support lead).
import { updateSupportRouteOperation } from '@/lib/api/operations/support-liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { staffUpdateRoute } from '@/lib/support/liquidity';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: handle(updateSupportRouteOperation, ({ actor, db, params, body }) =>
    staffUpdateRoute(db, actor, params.orgId, params.routeId, body),
  ),
});
