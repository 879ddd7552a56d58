// Serves POST /api/v2/liquidity/management/wallets/{walletId}/reject: an approver refuses a new wallet (session only).

import { handle } from '@/lib/app/handle';
import * as operations from '@/lib/liquidity/contract/operations';
import { rejectWallet, signedInUserOf } from '@/lib/liquidity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(operations.rejectWalletOperation, ({ actor, db, params, body, requestId }) =>
    rejectWallet(db, {
      orgId: actor.orgId,
      walletId: params.walletId,
      rejecterUserId: signedInUserOf(actor),
      reason: body.reason,
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
});
