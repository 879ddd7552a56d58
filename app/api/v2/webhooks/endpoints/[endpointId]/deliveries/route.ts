import { listWebhookDeliveriesOperation } from '@/lib/api/operations/webhooks';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listDeliveries } from '@/lib/webhooks/deliveries';

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
