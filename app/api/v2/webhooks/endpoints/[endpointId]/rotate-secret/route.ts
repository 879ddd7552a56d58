import { rotateWebhookSecretOperation } from '@/lib/api/operations/webhooks';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { rotateEndpointSecret } from '@/lib/webhooks/endpoints';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(rotateWebhookSecretOperation, ({ actor, db, params, body, requestId }) =>
    rotateEndpointSecret(
      db,
      actor,
      params.endpointId,
      { previousSecretHours: body.previous_secret_valid_hours },
      requestId,
    ),
  ),
});
