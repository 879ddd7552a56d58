// Serves GET /api/v2/funding/address (deprecated): the TRON funding address only.
import { getFundingAddressOperation } from '@/lib/funding/contract/operations';
import { findFundingAddress, toWireFundingAddress } from '@/lib/funding/server';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getFundingAddressOperation, async ({ actor, db }) =>
    toWireFundingAddress(await findFundingAddress(db, actor.orgId, 'tron')),
  ),
});
