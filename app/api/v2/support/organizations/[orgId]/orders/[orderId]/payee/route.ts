// Serves GET /api/v2/support/organizations/{orgId}/orders/{orderId}/payee: the payee's full bank details at the payouts
// desk (operations), each read recorded for the organization's access log.

import { handle } from '@/lib/app/handle';
import { getDeskPayeeOperation } from '@/lib/payouts/contract/desk-operations';
import { readDeskPayee } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';
import { readForStaff } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getDeskPayeeOperation, ({ actor, db, params, requestId }) =>
    readForStaff(
      db,
      actor,
      {
        orgId: params.orgId,
        resource: `order/${params.orderId}/payee`,
        operation: getDeskPayeeOperation.id,
        method: getDeskPayeeOperation.method,
        requestId,
      },
      (tx) => readDeskPayee(tx, params.orgId, params.orderId),
    ),
  ),
});
