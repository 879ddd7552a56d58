import * as operations from '@/lib/api/operations/liquidity';
import { auditActorOf } from '@/lib/events/audit-actor';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { requesterOf } from '@/lib/liquidity/common';
import { addWallet, listWallets } from '@/lib/liquidity/wallets';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listWalletsOperation, ({ actor, db, query }) =>
    listWallets(db, actor.orgId, { limit: query.limit, page: query.page, chainId: query.chainId }),
  ),
  POST: handle(operations.createWalletOperation, ({ actor, db, body, requestId }) =>
    addWallet(db, {
      orgId: actor.orgId,
      chainId: body.chain_id,
      address: body.address,
      label: body.label,
      actor: auditActorOf(actor),
      addedBy: requesterOf(actor),
      requestId,
    }),
  ),
});
