import * as operations from '@/lib/api/operations/liquidity';
import { auditActorOf } from '@/lib/events/audit-actor';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { removeWallet } from '@/lib/liquidity/wallets';

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
