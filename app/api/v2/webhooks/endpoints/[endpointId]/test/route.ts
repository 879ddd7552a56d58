import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { sendWebhookTestEventOperation } from '@/lib/webhooks/contract/operations';
import { sendTestEvent } from '@/lib/webhooks/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(sendWebhookTestEventOperation, ({ actor, db, params, requestId }) =>
    sendTestEvent(db, actor, params.endpointId, requestId),
  ),
});
