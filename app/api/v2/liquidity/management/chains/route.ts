import { handle } from '@/lib/app/handle';
import * as operations from '@/lib/liquidity/contract/operations';
import { listChains } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listChainsOperation, ({ db, query }) => listChains(db, query)),
});
