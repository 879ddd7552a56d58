import { auditActorOf } from '@/lib/events/audit-actor';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import * as operations from '@/lib/liquidity/contract/operations';
import { removeWallet } from '@/lib/liquidity/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  DELETE: handle(operations.deleteWalletOperation, ({ actor, db, params, requestId }) =>
    removeWallet(db, {
      orgId: actor.orgId,
      walletId: params.walletId,
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
});
