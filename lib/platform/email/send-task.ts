// Owns the email tasks: `email.send` (one delivery attempt of an outbox row) and `email.check-sending` (recovers a row
// a stopped worker left `sending`); lib/platform/email/deliver.ts decides all.
import { z } from 'zod';
import { db } from '@/db/client';
import { defineTask } from '../jobs/define-task';
import {
  deliverOutboxMessage,
  EMAIL_CHECK_SENDING_TASK,
  EMAIL_SEND_TASK,
  recoverAbandonedSend,
} from './deliver';

export const emailSendTask = defineTask({
  name: EMAIL_SEND_TASK,
  payload: z.object({ outbox_id: z.uuid() }),
  async run(payload) {
    await deliverOutboxMessage(db(), payload.outbox_id);
  },
});

export const emailCheckSendingTask = defineTask({
  name: EMAIL_CHECK_SENDING_TASK,
  payload: z.object({ outbox_id: z.uuid(), attempt: z.number().int().positive() }),
  async run(payload) {
    await recoverAbandonedSend(db(), payload.outbox_id, payload.attempt);
  },
});
