import * as operations from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { liquidityActorOf } from '@/lib/liquidity/common';
import { addWallet, listWallets } from '@/lib/liquidity/wallets';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(operations.listWallets, ({ actor, db, query }) =>
    listWallets(db, actor.orgId, { limit: query.limit, page: query.page, chainId: query.chainId }),
  ),
  POST: handle(operations.createWallet, ({ actor, db, body, requestId }) =>
    addWallet(db, {
      orgId: actor.orgId,
      chainId: body.chain_id,
      address: body.address,
      label: body.label,
      actor: liquidityActorOf(actor),
      requestId,
    }),
  ),
});
