import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import * as operations from '@/lib/liquidity/contract/operations';
import { listChains } from '@/lib/liquidity/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listChainsOperation, ({ db, query }) => listChains(db, query)),
});
