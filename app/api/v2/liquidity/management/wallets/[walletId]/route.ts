import * as operations from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { liquidityActorOf } from '@/lib/liquidity/common';
import { removeWallet } from '@/lib/liquidity/wallets';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  DELETE: handle(operations.deleteWallet, ({ actor, db, params, requestId }) =>
    removeWallet(db, {
      orgId: actor.orgId,
      walletId: params.walletId,
      actor: liquidityActorOf(actor),
      requestId,
    }),
  ),
});
