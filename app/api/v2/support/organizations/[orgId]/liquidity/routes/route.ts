// Serves POST /api/v2/support/organizations/{orgId}/liquidity/routes: create a settlement route (support lead).
import { createSupportRouteOperation } from '@/lib/api/operations/support-liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { staffCreateRoute } from '@/lib/support/liquidity';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(createSupportRouteOperation, ({ actor, db, params, body }) =>
    staffCreateRoute(db, actor, params.orgId, body),
  ),
});
