import { getBatch } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { getBatchWithOrders } from '@/lib/payouts/read';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(getBatch, ({ actor, db, params }) => getBatchWithOrders(db, actor.orgId, params.batchId)),
});
