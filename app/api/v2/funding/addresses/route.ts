// Serves GET /api/v2/funding/addresses: the organization's funding address on each chain, and the chains whose
// address is still being prepared. Reads only.

import { handle } from '@/lib/app/handle';
import { listFundingAddressesOperation } from '@/lib/funding/contract/operations';
import {
  listFundingAddresses,
  preparingFundingChains,
  toWireFundingAddress,
  toWirePreparingChain,
} from '@/lib/funding/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listFundingAddressesOperation, async ({ actor, db }) => ({
    items: (await listFundingAddresses(db, actor.orgId)).map(toWireFundingAddress),
    preparing: (await preparingFundingChains(db, actor.orgId)).map(toWirePreparingChain),
  })),
});
