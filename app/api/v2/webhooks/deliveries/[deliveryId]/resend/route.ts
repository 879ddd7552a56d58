import { resendWebhookDeliveryOperation } from '@/lib/api/operations/webhooks';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { resendDelivery } from '@/lib/webhooks/deliveries';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(resendWebhookDeliveryOperation, ({ actor, db, params }) =>
    resendDelivery(db, actor, params.deliveryId),
  ),
});
