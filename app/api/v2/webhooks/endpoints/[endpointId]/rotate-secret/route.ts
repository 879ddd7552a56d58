import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { rotateWebhookSecretOperation } from '@/lib/webhooks/contract/operations';
import { rotateEndpointSecret } from '@/lib/webhooks/server';

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
