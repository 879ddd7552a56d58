// Owns writing a message into the email outbox, rendered from its template: the one insert both implementations make.
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { emailOutbox } from '@/db/schema/platform/email-outbox';
import type { EmailMessage } from '@/lib/platform/adapters/email/types';
import type { EmailState, EmailTransport } from '@/lib/platform/enums';
import { enqueueDelivery } from './deliver';
import { renderEmail } from './templates';

/** Inserts the rendered message in the caller's transaction; answers the row's id. */
export async function writeOutboxRow(
  executor: Executor,
  message: EmailMessage,
  delivery: { transport: EmailTransport; state: EmailState; sentAt?: Date | null },
): Promise<string> {
  const rendered = renderEmail(message);
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      orgId: message.orgId ?? null,
      userId: message.userId ?? null,
      toAddress: message.to.toLowerCase(),
      kind: rendered.kind,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      transport: delivery.transport,
      state: delivery.state,
      sentAt: delivery.sentAt ?? null,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/**
 * Queues a fresh copy of an SMTP row for delivery (staff's "send again"), in the caller's transaction; answers the
 * copy's id, or null when the row's body is gone (purged once sent), so only its sender can make a new one.
 */
export async function queueCopy(executor: Executor, outboxId: string): Promise<string | null> {
  const [source] = await executor.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
  if (!source || source.textBody === null) return null;
  const [copy] = await executor
    .insert(emailOutbox)
    .values({
      orgId: source.orgId,
      userId: source.userId,
      toAddress: source.toAddress,
      kind: source.kind,
      subject: source.subject,
      textBody: source.textBody,
      htmlBody: source.htmlBody,
      transport: 'smtp',
      state: 'queued',
    })
    .returning({ id: emailOutbox.id });
  await enqueueDelivery(executor, copy!.id);
  return copy!.id;
}
