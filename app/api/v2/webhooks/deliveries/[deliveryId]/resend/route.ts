import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { resendWebhookDeliveryOperation } from '@/lib/webhooks/contract/operations';
import { resendDelivery } from '@/lib/webhooks/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(resendWebhookDeliveryOperation, ({ actor, db, params }) =>
    resendDelivery(db, actor, params.deliveryId),
  ),
});
