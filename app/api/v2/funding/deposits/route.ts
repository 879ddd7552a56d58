// Serves GET /api/v2/funding/deposits: the organization's on-chain deposits (pending, credited, reorged), newest first.

import { handle } from '@/lib/app/handle';
import { listChainDepositsOperation } from '@/lib/funding/contract/operations';
import { listChainDeposits } from '@/lib/funding/server';
import { route } from '@/lib/platform/http/route';
import { cursorPageRequest } from '@/lib/platform/pagination/cursor';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listChainDepositsOperation, ({ actor, db, query }) =>
    listChainDeposits(db, actor.orgId, { ...cursorPageRequest(query), status: query.status }),
  ),
});
