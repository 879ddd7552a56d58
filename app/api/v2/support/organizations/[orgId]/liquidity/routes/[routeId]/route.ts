// Serves PATCH /api/v2/support/organizations/{orgId}/liquidity/routes/{routeId}: a route's status (support lead).

import { handle } from '@/lib/app/handle';
import { updateSupportRouteOperation } from '@/lib/liquidity/contract/support-operations';
import { staffUpdateRoute } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: handle(updateSupportRouteOperation, ({ actor, db, params, body }) =>
    staffUpdateRoute(db, actor, params.orgId, params.routeId, body),
  ),
});
