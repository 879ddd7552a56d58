import { handle } from '@/lib/app/handle';
import * as operations from '@/lib/liquidity/contract/operations';
import { removeWallet } from '@/lib/liquidity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

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
