// Owns the sandbox email simulation: messages go to the outbox table, which the portal shows, and nowhere else.
import type { EmailAdapter } from '@/lib/platform/adapters/email';
import { now } from '@/lib/platform/clock';
import { writeOutboxRow } from '@/lib/platform/email/outbox';

/**
 * Documented behaviour: nothing leaves the machine; each message is one `email_outbox` row, committed with its cause,
 * in state `sent` by the simulation (transport `sandbox`), its bodies kept for the portal to show.
 */
export const sandboxEmail: EmailAdapter = {
  name: 'sandbox',
  async send(executor, message) {
    const id = await writeOutboxRow(executor, message, {
      transport: 'sandbox',
      state: 'sent',
      sentAt: now(),
    });
    return { messageId: id };
  },
};
