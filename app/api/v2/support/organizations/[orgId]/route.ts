// Serves GET /api/v2/support/organizations/{orgId}: one organization's state at a glance (staff only), each read
// recorded for the organization's access log.

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { getSupportOrganizationOperation } from '@/lib/support/contract/operations';
import { getOrganizationDetail, readForStaff } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getSupportOrganizationOperation, ({ actor, params, db, requestId }) =>
    readForStaff(
      db,
      actor,
      {
        orgId: params.orgId,
        resource: `organization/${params.orgId}`,
        operation: getSupportOrganizationOperation.id,
        method: getSupportOrganizationOperation.method,
        requestId,
      },
      (tx) => getOrganizationDetail(tx, params.orgId),
    ),
  ),
});
