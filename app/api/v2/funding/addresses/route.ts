import { listFundingAddresses } from '@/lib/api/operations/funding';
import { listFundingAddresses as listAddresses, toWireFundingAddress } from '@/lib/funding/addresses';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(listFundingAddresses, async ({ actor, db }) => ({
    items: (await listAddresses(db, actor.orgId)).map(toWireFundingAddress),
  })),
});
