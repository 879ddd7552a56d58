// Serves GET /api/v2/funding/balance: available, held and total USDT.

import { handle } from '@/lib/app/handle';
import { getFundingBalanceOperation } from '@/lib/funding/contract/operations';
import { getBalance } from '@/lib/ledger/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getFundingBalanceOperation, ({ actor, db }) => getBalance(db, actor.orgId)),
});
