// Serves POST /api/v2/liquidity/management/wallets/{walletId}/approve: a second approver lets a new wallet in (session only).

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import * as operations from '@/lib/liquidity/contract/operations';
import { approveWallet, signedInUserOf, walletsForCaller } from '@/lib/liquidity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(operations.approveWalletOperation, async ({ actor, db, params, requestId }) =>
    walletsForCaller(
      db,
      serviceActor(actor, requestId),
      await approveWallet(db, {
        orgId: actor.orgId,
        walletId: params.walletId,
        approverUserId: signedInUserOf(actor),
        actor: auditActorOf(actor),
        requestId,
      }),
    ),
  ),
});
