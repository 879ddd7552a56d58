import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import * as operations from '@/lib/liquidity/contract/operations';
import { removeWallet, walletsForCaller } from '@/lib/liquidity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  DELETE: handle(operations.deleteWalletOperation, async ({ actor, db, params, requestId }) =>
    walletsForCaller(
      db,
      serviceActor(actor, requestId),
      await removeWallet(db, {
        orgId: actor.orgId,
        walletId: params.walletId,
        actor: auditActorOf(actor),
        requestId,
      }),
    ),
  ),
});
