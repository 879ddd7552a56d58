import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { listWebhookDeliveriesOperation } from '@/lib/webhooks/contract/operations';
import { listDeliveries } from '@/lib/webhooks/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listWebhookDeliveriesOperation, ({ actor, db, params, query }) =>
    listDeliveries(db, actor, params.endpointId, {
      limit: query.limit,
      page: query.page,
      status: query.status,
      eventId: query.event_id,
    }),
  ),
});
