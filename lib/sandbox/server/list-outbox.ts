// Owns reading the sandbox email outbox: what was "sent" to an organization or a user, newest first.
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
  const conditions: SQL[] = [];
  if (input.orgId) conditions.push(eq(emailOutbox.orgId, input.orgId));
  if (input.userId) conditions.push(eq(emailOutbox.userId, input.userId));
  if (conditions.length === 0) throw new Error('listOutbox needs an organization or a user');
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
    text: row.textBody,
    createdAt: row.createdAt,
  }));
}
