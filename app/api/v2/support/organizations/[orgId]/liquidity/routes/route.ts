// Serves POST /api/v2/support/organizations/{orgId}/liquidity/routes: create a settlement route (support lead).

import { handle } from '@/lib/app/handle';
import { createSupportRouteOperation } from '@/lib/liquidity/contract/support-operations';
import { staffCreateRoute } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(createSupportRouteOperation, ({ actor, db, params, body }) =>
    staffCreateRoute(db, actor, params.orgId, body),
  ),
});
