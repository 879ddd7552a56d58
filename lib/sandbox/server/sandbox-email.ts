// Owns the sandbox email simulation: messages go to the outbox table, which the portal shows, and nowhere else.
import { emailOutbox } from '@/db/schema/platform/email-outbox';
import type { EmailAdapter } from '@/lib/platform/adapters/email';

/** Documented behaviour: nothing leaves the machine; each message is one `email_outbox` row, committed with its cause. */
export const sandboxEmail: EmailAdapter = {
  name: 'sandbox',
  async send(executor, message) {
    const [row] = await executor
      .insert(emailOutbox)
      .values({
        orgId: message.orgId ?? null,
        userId: message.userId ?? null,
        toAddress: message.to.toLowerCase(),
        kind: message.kind,
        subject: message.subject,
        textBody: message.text,
      })
      .returning({ id: emailOutbox.id });
    return { messageId: row!.id };
  },
};
