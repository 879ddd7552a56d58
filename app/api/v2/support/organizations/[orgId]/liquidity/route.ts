// Serves GET /api/v2/support/organizations/{orgId}/liquidity: the liquidity back office of one organization (lead),
// each read recorded for the organization's access log.

import { handle } from '@/lib/app/handle';
import { getLiquidityBackOfficeOperation } from '@/lib/liquidity/contract/support-operations';
import { getBackOffice } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';
import { readForStaff } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getLiquidityBackOfficeOperation, ({ actor, db, params, requestId }) =>
    readForStaff(
      db,
      actor,
      {
        orgId: params.orgId,
        resource: `organization/${params.orgId}/liquidity`,
        operation: getLiquidityBackOfficeOperation.id,
        method: getLiquidityBackOfficeOperation.method,
        requestId,
      },
      (tx) => getBackOffice(tx, params.orgId),
    ),
  ),
});
