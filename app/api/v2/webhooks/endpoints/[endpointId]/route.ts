import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import {
  deleteWebhookEndpointOperation,
  getWebhookEndpointOperation,
  updateWebhookEndpointOperation,
} from '@/lib/webhooks/contract/operations';
import { deleteEndpoint, getEndpoint, updateEndpoint } from '@/lib/webhooks/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getWebhookEndpointOperation, ({ actor, db, params }) =>
    getEndpoint(db, actor, params.endpointId),
  ),
  PATCH: handle(updateWebhookEndpointOperation, ({ actor, db, params, body, requestId }) =>
    updateEndpoint(db, actor, params.endpointId, body, requestId),
  ),
  DELETE: handle(deleteWebhookEndpointOperation, ({ actor, db, params, requestId }) =>
    deleteEndpoint(db, actor, params.endpointId, requestId),
  ),
});
