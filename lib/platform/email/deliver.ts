// Owns delivering one outbox row over SMTP: claim it (`queued → sending`, so two workers never send it twice), send it,
// and record what became of it — sent (bodies purged), queued again with a back-off, failed, or unknown for staff.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { emailOutbox } from '@/db/schema/platform/email-outbox';
import { now } from '@/lib/platform/clock';
import type { EmailState } from '@/lib/platform/enums';
import { env } from '@/lib/platform/env';
import { enqueueJob } from '@/lib/platform/jobs/enqueue';
import { log } from '@/lib/platform/log';
import { type SmtpOutcome, type SmtpSettings, sendOverSmtp, smtpSettings } from './smtp-transport';

export const EMAIL_SEND_TASK = 'email.send';
export const EMAIL_CHECK_SENDING_TASK = 'email.check-sending';

/** Attempts (claims) before a message the server keeps refusing for now is given up as `failed`. */
export const EMAIL_MAX_ATTEMPTS = 6;
/** Minutes to wait after attempt n before the next (1-based; the last value repeats). */
const BACKOFF_MINUTES = [1, 5, 15, 60, 180];
/**
 * A row still `sending` this long after its claim was left by a worker that stopped mid-conversation (every attempt's
 * own timeouts end far sooner): it becomes `unknown`, never sent again by itself, since the message may have gone.
 */
export const SENDING_TIMEOUT_MS = 15 * 60_000;

export function backoffMs(attempts: number): number {
  const minutes = BACKOFF_MINUTES[Math.min(attempts, BACKOFF_MINUTES.length) - 1] ?? 1;
  return minutes * 60_000;
}

/** Queues the delivery job of a row, in the transaction that wrote or re-queued it. */
export async function enqueueDelivery(executor: Executor, outboxId: string, runAt?: Date): Promise<void> {
  await enqueueJob(
    executor,
    EMAIL_SEND_TASK,
    { outbox_id: outboxId },
    { jobKey: `${EMAIL_SEND_TASK}:${outboxId}`, maxAttempts: 5, ...(runAt ? { runAt } : {}) },
  );
}

/** The configured server, from SMTP_URL and EMAIL_FROM (validated by lib/platform/env.ts). */
export function configuredSmtp(): SmtpSettings {
  const config = env();
  if (!config.SMTP_URL || !config.EMAIL_FROM)
    throw new Error('EMAIL_ADAPTER=smtp needs SMTP_URL and EMAIL_FROM');
  return smtpSettings(config.SMTP_URL, config.EMAIL_FROM);
}

/**
 * Takes a queued row for this attempt, in its own committed transaction: the conditional update is the lock (a second
 * worker's update waits on the row, then finds it no longer `queued`). The same transaction schedules the check that
 * recovers the row should this worker die before recording the outcome.
 */
async function claim(executor: Executor, outboxId: string) {
  return executor.transaction(async (tx) => {
    const [row] = await tx
      .update(emailOutbox)
      .set({ state: 'sending', attempts: sql`${emailOutbox.attempts} + 1`, claimedAt: now() })
      .where(
        and(eq(emailOutbox.id, outboxId), eq(emailOutbox.state, 'queued'), eq(emailOutbox.transport, 'smtp')),
      )
      .returning();
    if (!row) return null;
    await enqueueJob(
      tx,
      EMAIL_CHECK_SENDING_TASK,
      { outbox_id: outboxId, attempt: row.attempts },
      { runAt: new Date(now().getTime() + SENDING_TIMEOUT_MS), maxAttempts: 5 },
    );
    return row;
  });
}

async function record(
  executor: Executor,
  outboxId: string,
  attempt: number,
  outcome: SmtpOutcome,
): Promise<EmailState> {
  const mine = and(
    eq(emailOutbox.id, outboxId),
    eq(emailOutbox.state, 'sending'),
    eq(emailOutbox.attempts, attempt),
  );
  return executor.transaction(async (tx) => {
    if (outcome.status === 'accepted') {
      // Every kind carries a link that acts for its holder (an invitation, a reset) or is private to the recipient:
      // once the server has the message, the outbox keeps only who, what and when.
      await tx
        .update(emailOutbox)
        .set({
          state: 'sent',
          sentAt: now(),
          providerMessageId: outcome.response,
          lastError: null,
          textBody: null,
          htmlBody: null,
        })
        .where(mine);
      return 'sent';
    }
    const retry = outcome.status === 'retry' && attempt < EMAIL_MAX_ATTEMPTS;
    const state: EmailState = retry ? 'queued' : outcome.status === 'unknown' ? 'unknown' : 'failed';
    const updated = await tx
      .update(emailOutbox)
      .set({ state, lastError: outcome.error })
      .where(mine)
      .returning({ id: emailOutbox.id });
    if (retry && updated.length > 0) {
      await enqueueDelivery(tx, outboxId, new Date(now().getTime() + backoffMs(attempt)));
    }
    return state;
  });
}

/**
 * The `email.send` job: one attempt at one row. Answers the row's state afterwards, or null when another worker holds
 * it or it is no longer queued (nothing was sent).
 */
export async function deliverOutboxMessage(
  executor: Executor,
  outboxId: string,
  settings: SmtpSettings = configuredSmtp(),
): Promise<EmailState | null> {
  const row = await claim(executor, outboxId);
  if (!row) return null;
  const outcome: SmtpOutcome =
    row.textBody === null
      ? { status: 'refused', error: 'The message body is gone; the sender must send it again' }
      : await sendOverSmtp(settings, {
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
        });
  const state = await record(executor, outboxId, row.attempts, outcome);
  const fields = { outbox_id: outboxId, kind: row.kind, attempt: row.attempts, state };
  if (state === 'sent') log('info', 'email sent', fields);
  else
    log('warn', 'email not sent', { ...fields, error: outcome.status === 'accepted' ? null : outcome.error });
  return state;
}

/**
 * The `email.check-sending` job, due SENDING_TIMEOUT_MS after a claim: if that attempt never recorded its outcome, its
 * worker stopped mid-conversation, and the row becomes `unknown` for staff. Answers whether it did.
 */
export async function recoverAbandonedSend(
  executor: Executor,
  outboxId: string,
  attempt: number,
): Promise<boolean> {
  const recovered = await executor
    .update(emailOutbox)
    .set({
      state: 'unknown',
      lastError: 'The worker stopped while sending; the message may or may not have gone out',
    })
    .where(
      and(eq(emailOutbox.id, outboxId), eq(emailOutbox.state, 'sending'), eq(emailOutbox.attempts, attempt)),
    )
    .returning({ id: emailOutbox.id });
  if (recovered.length > 0)
    log('warn', 'email left sending by a stopped worker', { outbox_id: outboxId, attempt });
  return recovered.length > 0;
}
