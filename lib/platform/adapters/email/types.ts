// Owns the email interface, in a mail provider's terms: send one message, of one kind, to one recipient.
import type { Executor } from '@/db/client';
import type { EmailContent } from '@/lib/platform/email/templates';
import type { ProbedAdapter } from '../health';

/** Who a message goes to, and whom it concerns; the kind and its data pick the template (lib/platform/email/templates.ts). */
export type EmailMessage = EmailContent & {
  to: string;
  /** The organization it concerns, when any (invitations, notices). */
  orgId?: string | null;
  /** The recipient's user id, when they have an account. */
  userId?: string | null;
};

export interface EmailAdapter extends ProbedAdapter {
  readonly name: string;
  /**
   * Sends (or queues) a message as part of the caller's transaction: if the transaction rolls back, nothing is sent.
   * Answers the outbox row's id.
   */
  send(executor: Executor, message: EmailMessage): Promise<{ messageId: string }>;
}
