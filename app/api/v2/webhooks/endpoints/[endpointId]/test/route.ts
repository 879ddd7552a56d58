import { sendWebhookTestEventOperation } from '@/lib/api/operations/webhooks';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { sendTestEvent } from '@/lib/webhooks/endpoints';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(sendWebhookTestEventOperation, ({ actor, db, params, requestId }) =>
    sendTestEvent(db, actor, params.endpointId, requestId),
  ),
});
