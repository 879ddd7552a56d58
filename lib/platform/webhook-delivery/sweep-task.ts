// Owns the webhooks.sweep task: each minute, a drain for every endpoint with due deliveries that no drain holds.
import { z } from 'zod';
import { sweepDueDeliveries } from '@/lib/platform/webhook-delivery/drain';
import { defineTask } from '../jobs/define-task';

export const sweepWebhooksTask = defineTask({
  name: 'webhooks.sweep',
  // Cron adds `_cron` metadata to the payload; nothing else is expected.
  payload: z.looseObject({}),
  async run(_payload, helpers) {
    // Drains are woken by the transactions that add deliveries and by their own retry timers; this finds what a
    // crashed worker left behind.
    const woken = await sweepDueDeliveries();
    if (woken > 0) helpers.logger.info(`woke ${woken} webhook drain(s)`);
  },
});
