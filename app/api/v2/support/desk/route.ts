// Serves GET /api/v2/support/desk: the payouts desk's orders to pay and in flight (operations).

import { handle } from '@/lib/app/handle';
import { getPayoutsDeskOperation } from '@/lib/payouts/contract/desk-operations';
import { getPayoutsDesk } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getPayoutsDeskOperation, ({ db }) => getPayoutsDesk(db)),
});
