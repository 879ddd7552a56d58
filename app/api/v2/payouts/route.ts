// Serves GET /api/v2/payouts (list batches) and POST /api/v2/payouts (createBatch).

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { createBatchOperation, listBatchesOperation } from '@/lib/payouts/contract/operations';
import { createBatch as create, forCaller, listBatches as list } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listBatchesOperation, async ({ actor, db, query, requestId }) => {
    const page = await list(db, actor.orgId, {
      limit: query.limit,
      page: query.page,
      status: query.status,
      clientReference: query.client_reference,
      createdFrom: query.created_from,
      createdTo: query.created_to,
    });
    return forCaller(db, serviceActor(actor, requestId), page);
  }),
  POST: handle(createBatchOperation, async ({ actor, db, body, requestId }) => {
    const caller = serviceActor(actor, requestId);
    return forCaller(db, caller, await create(db, caller, body));
  }),
});
