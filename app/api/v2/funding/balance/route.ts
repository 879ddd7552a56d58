// Serves GET /api/v2/funding/balance: available, held and total USDT.
import { getFundingBalanceOperation } from '@/lib/funding/contract/operations';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { getBalance } from '@/lib/ledger/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getFundingBalanceOperation, ({ actor, db }) => getBalance(db, actor.orgId)),
});
