// Owns the support console's email problems: the SMTP outbox's failed and unknown messages nobody has resolved, and
// the two ways staff close one — a fresh copy sent again, or marked resolved with a note — each an audited event.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { emailOutbox } from '@/db/schema/platform/email-outbox';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { now } from '@/lib/platform/clock';
import { queueCopy } from '@/lib/platform/email/outbox';
import { ApiError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import {
  EMAIL_PROBLEM_STATES,
  type emailProblemSchema,
  type resendEmailResultSchema,
  type resolveEmailBody,
} from '@/lib/support/contract/emails-schemas';
import { type ReadRequest, recordConsoleReads } from './staff-reads';

type EmailProblem = z.input<typeof emailProblemSchema>;
type ProblemState = (typeof EMAIL_PROBLEM_STATES)[number];

const columns = {
  row: emailOutbox,
  orgName: organizations.name,
};

function toWire(row: typeof emailOutbox.$inferSelect, orgName: string | null): EmailProblem {
  return {
    id: row.id,
    org_id: row.orgId,
    org_name: orgName,
    to: row.toAddress,
    kind: row.kind,
    subject: row.subject,
    state: row.state as ProblemState,
    attempts: row.attempts,
    last_error: row.lastError,
    can_resend: row.textBody !== null && row.resolvedAt === null,
    resolution: row.resolution,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.claimedAt?.toISOString() ?? null,
  };
}

/**
 * Failed and unknown messages nobody has resolved, newest first, across organizations (staff's list). Recipients are
 * the organizations' people, so the page is a staff read of each organization on it (no record, no page).
 */
export function listEmailProblems(
  executor: Executor,
  actor: StaffActor,
  query: PageRequest & { state?: ProblemState },
  read: ReadRequest,
): Promise<ListEnvelope<EmailProblem>> {
  const where = and(
    inArray(emailOutbox.state, query.state ? [query.state] : [...EMAIL_PROBLEM_STATES]),
    isNull(emailOutbox.resolvedAt),
  );
  return executor.transaction(async (tx) => {
    const [rows, [total]] = await Promise.all([
      tx
        .select(columns)
        .from(emailOutbox)
        .leftJoin(organizations, eq(organizations.id, emailOutbox.orgId))
        .where(where)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(query.limit)
        .offset(pageOffset(query)),
      tx.select({ n: count() }).from(emailOutbox).where(where),
    ]);
    await recordConsoleReads(tx, actor, {
      ...read,
      orgIds: rows.flatMap(({ row }) => (row.orgId ? [row.orgId] : [])),
      resource: 'email-problems',
    });
    return listEnvelope(
      rows.map(({ row, orgName }) => toWire(row, orgName)),
      query,
      total?.n ?? 0,
    );
  });
}

/** Locks a message staff may still close: failed or unknown, and not yet resolved; otherwise 404 or 409. */
async function lockOpenProblem(tx: Executor, emailId: string) {
  const [found] = await tx
    .select(columns)
    .from(emailOutbox)
    .leftJoin(organizations, eq(organizations.id, emailOutbox.orgId))
    .where(eq(emailOutbox.id, emailId))
    .for('update', { of: emailOutbox });
  if (!found) throw ApiError.notFound('Email');
  const { row } = found;
  if (!(EMAIL_PROBLEM_STATES as readonly string[]).includes(row.state)) {
    throw new ApiError('conflict', `the email is ${row.state}: only a failed or unknown email needs staff`, {
      code: 'invalid_state',
    });
  }
  if (row.resolvedAt) {
    throw new ApiError(
      'conflict',
      `the email was already ${row.resolution} on ${row.resolvedAt.toISOString()}`,
      {
        code: 'invalid_state',
      },
    );
  }
  return found;
}

/** Sends a fresh copy of a failed or unknown message and closes this one as `resent`, audited. */
export async function resendEmailProblem(
  executor: Executor,
  actor: StaffActor,
  emailId: string,
): Promise<z.input<typeof resendEmailResultSchema>> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    const { row, orgName } = await lockOpenProblem(tx, emailId);
    const copyId = await queueCopy(tx, row.id);
    if (!copyId) {
      throw new ApiError(
        'conflict',
        `the ${row.kind.replace('_', ' ')} email's body is no longer kept: its sender must trigger it again (invite again, or ask for a new reset link)`,
        { code: 'invalid_state' },
      );
    }
    const [closed] = await tx
      .update(emailOutbox)
      .set({ resolution: 'resent', resolvedAt: now(), resolvedByUserId: actor.userId, resentAsId: copyId })
      .where(eq(emailOutbox.id, row.id))
      .returning();
    await recordEvent(tx, {
      orgId: row.orgId,
      type: 'support_email.resent',
      actor: userAuditActor(actor.userId, true),
      subjectId: row.id,
      data: { kind: row.kind, state: row.state as ProblemState, resent_as: copyId },
    });
    return { email: toWire(closed!, orgName), resent_as: copyId };
  });
}

/** Closes a failed or unknown message without sending anything, with staff's note, audited. */
export async function resolveEmailProblem(
  executor: Executor,
  actor: StaffActor,
  emailId: string,
  body: z.output<typeof resolveEmailBody>,
): Promise<EmailProblem> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    const { row, orgName } = await lockOpenProblem(tx, emailId);
    const [closed] = await tx
      .update(emailOutbox)
      .set({ resolution: 'resolved', resolvedAt: now(), resolvedByUserId: actor.userId })
      .where(eq(emailOutbox.id, row.id))
      .returning();
    await recordEvent(tx, {
      orgId: row.orgId,
      type: 'support_email.resolved',
      actor: userAuditActor(actor.userId, true),
      subjectId: row.id,
      data: { kind: row.kind, state: row.state as ProblemState, note: body.note },
    });
    return toWire(closed!, orgName);
  });
}
