// Serves GET and POST /api/v2/support/payout-accounts: the accounts the payouts desk pays from (a lead adds them).

import { handle } from '@/lib/app/handle';
import {
  createPayoutAccountOperation,
  listPayoutAccountsOperation,
} from '@/lib/payouts/contract/desk-operations';
import { createPayoutAccount, listPayoutAccounts } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listPayoutAccountsOperation, ({ db }) => listPayoutAccounts(db)),
  POST: handle(createPayoutAccountOperation, ({ actor, db, body }) => createPayoutAccount(db, actor, body)),
});
