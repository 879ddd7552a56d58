// Serves GET /api/v2/support/desk: the payouts desk's orders to pay and in flight (operations); the page names each
// organization's payees, so each organization on it gets a staff read in its access log.

import { handle } from '@/lib/app/handle';
import { getPayoutsDeskOperation } from '@/lib/payouts/contract/desk-operations';
import { getPayoutsDesk } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';
import { readAcrossOrganizationsForStaff } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getPayoutsDeskOperation, ({ actor, db, requestId }) =>
    readAcrossOrganizationsForStaff(
      db,
      actor,
      {
        resource: 'payouts-desk',
        operation: getPayoutsDeskOperation.id,
        method: getPayoutsDeskOperation.method,
        requestId,
      },
      (tx) => getPayoutsDesk(tx),
      (desk) =>
        [...desk.to_pay, ...desk.in_flight].flatMap((group) => group.orders.map((order) => order.org_id)),
    ),
  ),
});
