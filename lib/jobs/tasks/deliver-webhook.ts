// Owns the webhooks.deliver task: one attempt of one delivery (lib/webhooks/deliver.ts decides everything else).
import { z } from 'zod';
import { attemptDelivery } from '@/lib/webhooks/deliver';
import { defineTask } from '../define-task';

export const deliverWebhookTask = defineTask({
  name: 'webhooks.deliver',
  payload: z.object({ deliveryId: z.uuid(), manual: z.boolean().default(false) }),
  async run(payload) {
    await attemptDelivery(payload.deliveryId, { manual: payload.manual });
  },
});
