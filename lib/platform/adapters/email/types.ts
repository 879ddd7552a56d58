// Owns the email interface, in a mail provider's terms: send one message to one recipient.
import type { Executor } from '@/db/client';
import type { EmailKind } from '@/db/schema/platform/email-outbox';
import type { ProbedAdapter } from '../health';

export type { EmailKind };

export interface EmailMessage {
  kind: EmailKind;
  to: string;
  subject: string;
  /** Plain text; links in it are absolute (APP_BASE_URL). */
  text: string;
  /** The organization it concerns, when any (invitations, notices). */
  orgId?: string | null;
  /** The recipient's user id, when they have an account. */
  userId?: string | null;
}

export interface EmailAdapter extends ProbedAdapter {
  readonly name: string;
  /**
   * Sends (or queues) a message as part of the caller's transaction: if the transaction rolls back, nothing is sent.
   * Answers the provider's message id.
   */
  send(executor: Executor, message: EmailMessage): Promise<{ messageId: string }>;
}
