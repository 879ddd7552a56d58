// Serves GET /api/v2/funding/address (deprecated): the TRON funding address only.

import { handle } from '@/lib/app/handle';
import { getFundingAddressOperation } from '@/lib/funding/contract/operations';
import { findFundingAddress, toWireFundingAddress } from '@/lib/funding/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getFundingAddressOperation, async ({ actor, db }) =>
    toWireFundingAddress(await findFundingAddress(db, actor.orgId, 'tron')),
  ),
});
