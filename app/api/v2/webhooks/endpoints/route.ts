import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import {
  createWebhookEndpointOperation,
  listWebhookEndpointsOperation,
} from '@/lib/webhooks/contract/operations';
import { createEndpoint, listEndpoints } from '@/lib/webhooks/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listWebhookEndpointsOperation, ({ actor, db, query }) => listEndpoints(db, actor, query)),
  POST: handle(createWebhookEndpointOperation, ({ actor, db, body, requestId }) =>
    createEndpoint(db, actor, body, requestId),
  ),
});
