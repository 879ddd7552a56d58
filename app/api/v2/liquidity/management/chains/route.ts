import * as operations from '@/lib/liquidity/contract/operations';
import { listChains } from '@/lib/liquidity/server';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listChainsOperation, ({ db, query }) => listChains(db, query)),
});
