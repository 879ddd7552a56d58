// Owns reading the sandbox email outbox: what the simulation "sent" to an organization or a user, newest first (rows
// the SMTP adapter delivers for real are staff's to see, never the sandbox portal's).
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type EmailKind, emailOutbox } from '@/db/schema/platform/email-outbox';

export interface OutboxMessage {
  id: string;
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
}

export interface ListOutboxInput {
  /** Messages about this organization (invitations, notices). */
  orgId?: string;
  /** Messages to this user (password resets, and anything else addressed to their account). */
  userId?: string;
  limit?: number;
}

/** At least one of `orgId` and `userId` is required (never the whole outbox); given both, messages matching both. */
export async function listOutbox(executor: Executor, input: ListOutboxInput): Promise<OutboxMessage[]> {
  if (!input.orgId && !input.userId) throw new Error('listOutbox needs an organization or a user');
  const conditions: SQL[] = [eq(emailOutbox.transport, 'sandbox')];
  if (input.orgId) conditions.push(eq(emailOutbox.orgId, input.orgId));
  if (input.userId) conditions.push(eq(emailOutbox.userId, input.userId));
  const rows = await executor
    .select()
    .from(emailOutbox)
    .where(and(...conditions))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(Math.min(Math.max(input.limit ?? 50, 1), 200));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    // The simulation never purges its bodies.
    text: row.textBody ?? '',
    createdAt: row.createdAt,
  }));
}
