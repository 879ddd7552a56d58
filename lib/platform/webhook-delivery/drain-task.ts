// Owns the webhooks.drain task: one endpoint's due deliveries, until none is due (lib/platform/webhook-delivery/drain.ts decides all).
import { z } from 'zod';
import { DRAIN_TASK, drainEndpoint } from '@/lib/platform/webhook-delivery/drain';
import { defineTask } from '../jobs/define-task';

export const drainWebhooksTask = defineTask({
  name: DRAIN_TASK,
  payload: z.object({ endpointId: z.uuid() }),
  async run(payload) {
    await drainEndpoint(payload.endpointId);
  },
});
