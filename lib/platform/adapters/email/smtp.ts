// Owns the SMTP email implementation (EMAIL_ADAPTER=smtp): the message is an outbox row and a delivery job, both in
// the caller's transaction; the job (lib/platform/email/deliver.ts) talks to the server after the commit.
import { enqueueDelivery } from '@/lib/platform/email/deliver';
import { writeOutboxRow } from '@/lib/platform/email/outbox';
import type { EmailAdapter } from './types';

export const smtpEmail: EmailAdapter = {
  name: 'smtp',
  async send(executor, message) {
    const id = await writeOutboxRow(executor, message, { transport: 'smtp', state: 'queued' });
    await enqueueDelivery(executor, id);
    return { messageId: id };
  },
};
