// Serves PUT /api/v2/support/organizations/{orgId}/deposit-addresses/{chain}: operations enter an organization's deposit
// address (manual custody).

import { handle } from '@/lib/app/handle';
import { enterDepositAddressOperation } from '@/lib/funding/contract/support-operations';
import { enterDepositAddress } from '@/lib/funding/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PUT: handle(enterDepositAddressOperation, ({ actor, db, params, body }) =>
    enterDepositAddress(db, actor, params.orgId, params.chain, body),
  ),
});
