import { handle } from '@/lib/app/handle';
import { requesterOf, serviceActor } from '@/lib/identity/server';
import * as operations from '@/lib/liquidity/contract/operations';
import { addWallet, listWallets, walletsForCaller } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listWalletsOperation, async ({ actor, db, query, requestId }) =>
    walletsForCaller(
      db,
      serviceActor(actor, requestId),
      await listWallets(db, actor.orgId, { limit: query.limit, page: query.page, chainId: query.chainId }),
    ),
  ),
  POST: handle(operations.createWalletOperation, async ({ actor, db, body, requestId }) => {
    const who = serviceActor(actor, requestId);
    return walletsForCaller(
      db,
      who,
      await addWallet(db, {
        orgId: who.orgId,
        chainId: body.chain_id,
        address: body.address,
        label: body.label,
        actor: who.audit,
        addedBy: requesterOf(who),
        requestId,
      }),
    );
  }),
});
