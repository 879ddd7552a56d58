// Owns the SMTP email implementation (EMAIL_ADAPTER=smtp): the message is an outbox row and a delivery job, both in
// the caller's transaction; the job (lib/platform/email/deliver.ts) talks to the server after the commit.
import { configuredSmtp, enqueueDelivery } from '@/lib/platform/email/deliver';
import { writeOutboxRow } from '@/lib/platform/email/outbox';
import { probeSmtp } from '@/lib/platform/email/smtp-transport';
import type { EmailAdapter } from './types';

export const smtpEmail: EmailAdapter = {
  name: 'smtp',
  async send(executor, message) {
    const id = await writeOutboxRow(executor, message, { transport: 'smtp', state: 'queued' });
    await enqueueDelivery(executor, id);
    return { messageId: id };
  },
  // The readiness listing's check: the relay greets us and takes our login; nothing is sent.
  probe: () => probeSmtp(configuredSmtp()),
};
