// Owns support staff's read-only "view as organization": start (with a reason), end, expiry, and the audit events
// of each. Views run on real time (a security deadline, lib/platform/clock `now()`), never on an organization's sandbox clock.
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { impersonationSessions } from '@/db/schema/support';
import type { StaffActor } from '@/lib/platform/actor/actor';
import type { ViewRead } from '@/lib/platform/actor/read-only-view';
import { now } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type AuditActor, userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import type { SupportViewWire } from '@/lib/support/contract/schemas';

/** DESIGN: a view lasts 30 minutes by default and is never extended. */
export const VIEW_MINUTES = 30;

type ViewRow = typeof impersonationSessions.$inferSelect & { orgName: string };

/** A view as the wire shows it, wherever it is read (the views' own operations, the staff member's shell). */
export function viewToWire(
  view: Pick<ViewRow, 'id' | 'orgId' | 'orgName' | 'reason' | 'startedAt' | 'expiresAt'>,
): SupportViewWire {
  return {
    id: view.id,
    org_id: view.orgId,
    org_name: view.orgName,
    reason: view.reason,
    started_at: view.startedAt.toISOString(),
    expires_at: view.expiresAt.toISOString(),
  };
}

async function selectViews(executor: Executor, where: ReturnType<typeof and>): Promise<ViewRow[]> {
  const rows = await executor
    .select({ view: impersonationSessions, orgName: organizations.name })
    .from(impersonationSessions)
    .innerJoin(organizations, eq(organizations.id, impersonationSessions.orgId))
    .where(where)
    .for('update', { of: impersonationSessions });
  return rows.map((row) => ({ ...row.view, orgName: row.orgName }));
}

/**
 * Closes every view whose time is up (ended_at = its expiry) and records `support_view.expired` for each, once.
 * Called before any view is started or read, and by the periodic sweep job, so the audit trail never misses one.
 */
export async function expireViews(
  executor: Executor,
  filter: { staffUserId?: string } = {},
): Promise<number> {
  const at = now();
  return executor.transaction(async (tx) => {
    const overdue = await selectViews(
      tx,
      and(
        isNull(impersonationSessions.endedAt),
        lte(impersonationSessions.expiresAt, at),
        filter.staffUserId ? eq(impersonationSessions.staffUserId, filter.staffUserId) : undefined,
      ),
    );
    for (const view of overdue) {
      await tx
        .update(impersonationSessions)
        .set({ endedAt: view.expiresAt, endReason: 'expired' })
        .where(eq(impersonationSessions.id, view.id));
      await recordEvent(tx, {
        orgId: view.orgId,
        type: 'support_view.expired',
        actor: { actorType: 'system', actorId: null, impersonationSessionId: view.id },
        subjectId: view.id,
        data: { org_name: view.orgName, reason: view.reason },
        createdAt: view.expiresAt,
      });
    }
    return overdue.length;
  });
}

async function activeViewOfSession(executor: Executor, sessionId: string): Promise<ViewRow | undefined> {
  const [view] = await selectViews(
    executor,
    and(eq(impersonationSessions.userSessionId, sessionId), isNull(impersonationSessions.endedAt)),
  );
  return view && view.expiresAt > now() ? view : undefined;
}

function staffActor(actor: StaffActor): AuditActor {
  return userAuditActor(actor.userId, true);
}

/**
 * Starts a view of one organization on the staff member's session. One open view per session: switching to another
 * organization means ending this one first (`view_already_open`), so a view can never drift to another
 * organization and the banner always names the organization the API serves.
 */
export async function startView(
  executor: Executor,
  actor: StaffActor,
  input: { org_id: string; reason: string },
  requestId?: string,
): Promise<SupportViewWire> {
  await expireViews(executor, { staffUserId: actor.userId });
  return executor.transaction(async (tx) => {
    const [org] = await tx
      .select({ id: organizations.id, name: organizations.name, status: organizations.status })
      .from(organizations)
      .where(eq(organizations.id, input.org_id));
    if (!org) throw ApiError.notFound('Organization');
    if (await activeViewOfSession(tx, actor.sessionId)) throw new ApiError('view_already_open');
    const startedAt = now();
    const expiresAt = new Date(startedAt.getTime() + VIEW_MINUTES * 60_000);
    const [view] = await tx
      .insert(impersonationSessions)
      .values({
        staffUserId: actor.userId,
        userSessionId: actor.sessionId,
        orgId: org.id,
        reason: input.reason,
        startedAt,
        expiresAt,
      })
      // The partial unique index (one open view per session) decides races the check above cannot see: of six
      // concurrent starts exactly one inserts, the others wait for it and then conflict.
      .onConflictDoNothing()
      .returning();
    if (!view) throw new ApiError('view_already_open');
    await recordEvent(tx, {
      orgId: org.id,
      type: 'support_view.started',
      actor: { ...staffActor(actor), impersonationSessionId: view.id },
      subjectId: view.id,
      data: { org_name: org.name, reason: input.reason, expires_at: expiresAt.toISOString() },
      requestId,
    });
    return viewToWire({ ...view, orgName: org.name });
  });
}

/** Ends the session's active view (Exit, or sign-out). `not_found` when there is none. */
export async function endView(
  executor: Executor,
  actor: Pick<StaffActor, 'userId' | 'sessionId'>,
  endReason: 'exited' | 'signed_out' = 'exited',
  requestId?: string,
): Promise<SupportViewWire> {
  await expireViews(executor, { staffUserId: actor.userId });
  return executor.transaction(async (tx) => {
    const view = await activeViewOfSession(tx, actor.sessionId);
    if (!view) throw ApiError.notFound('Active view');
    const endedAt = now();
    await tx
      .update(impersonationSessions)
      .set({ endedAt, endReason })
      .where(eq(impersonationSessions.id, view.id));
    await recordEvent(tx, {
      orgId: view.orgId,
      type: 'support_view.ended',
      actor: { ...userAuditActor(actor.userId, true), impersonationSessionId: view.id },
      subjectId: view.id,
      data: { org_name: view.orgName, reason: view.reason, end_reason: endReason },
      requestId,
    });
    return viewToWire(view);
  });
}

/** Ends a signed-out session's view, if any (sign-out ends the view). */
export async function endViewOnSignOut(executor: Executor, userId: string, sessionId: string): Promise<void> {
  await expireViews(executor, { staffUserId: userId });
  const [open] = await executor
    .select({ id: impersonationSessions.id })
    .from(impersonationSessions)
    .where(and(eq(impersonationSessions.userSessionId, sessionId), isNull(impersonationSessions.endedAt)));
  if (open) await endView(executor, { userId, sessionId }, 'signed_out');
}

/** The session's active view, or null. */
export async function currentView(executor: Executor, actor: StaffActor): Promise<SupportViewWire | null> {
  await expireViews(executor, { staffUserId: actor.userId });
  const view = await executor.transaction((tx) => activeViewOfSession(tx, actor.sessionId));
  return view ? viewToWire(view) : null;
}

/**
 * Records one read made during a view: every API request under a view (portal pages read through the API), as
 * one small event. Never fails the request it describes.
 */
export async function recordViewRead(executor: Executor, input: ViewRead): Promise<void> {
  await recordEvent(executor, {
    orgId: input.orgId,
    type: 'support_view.read',
    actor: { actorType: 'staff', actorId: input.staffUserId, impersonationSessionId: input.viewId },
    subjectId: input.viewId,
    data: { method: input.method, path: input.path, operation: input.operation, status: input.status },
    requestId: input.requestId,
  });
}
