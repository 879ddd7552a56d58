import * as operations from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listCorridors } from '@/lib/liquidity/reference-data';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.listCorridorsOperation, ({ db, query }) => listCorridors(db, query)),
});
