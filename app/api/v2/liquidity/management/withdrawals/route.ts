import { handle } from '@/lib/app/handle';
import { requesterOf, serviceActor } from '@/lib/identity/server';
import * as operations from '@/lib/liquidity/contract/operations';
import { createWithdrawal, listWithdrawals, withdrawalsForCaller } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';
import { cursorPageRequest } from '@/lib/platform/pagination/cursor';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listWithdrawalsOperation, async ({ actor, db, query, requestId }) =>
    withdrawalsForCaller(
      db,
      serviceActor(actor, requestId),
      await listWithdrawals(db, actor.orgId, {
        ...cursorPageRequest(query),
        status: query.status,
        chainId: query.chainId,
      }),
    ),
  ),
  POST: handle(operations.createWithdrawalOperation, async ({ actor, db, body, requestId, request }) => {
    const who = serviceActor(actor, requestId);
    return withdrawalsForCaller(
      db,
      who,
      await createWithdrawal(db, {
        orgId: who.orgId,
        amount: body.amount,
        walletId: body.wallet_id,
        actor: who.audit,
        requestedBy: requesterOf(who),
        idempotencyKey: request.headers.get('idempotency-key'),
        requestId,
      }),
    );
  }),
});
