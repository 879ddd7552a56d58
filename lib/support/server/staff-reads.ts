// Owns the record of staff reads: every read of an organization's data by the provider's staff (each request inside a
// view, each review profile, document or organization detail opened in the console), written in the transaction
// that reads the data — no record, no data — and listed to the organization's admins.
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema/identity/users';
import { impersonationSessions, staffReads } from '@/db/schema/support';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { now } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { newId } from '@/lib/platform/ids';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import type { staffReadSchema } from '@/lib/support/contract/schemas';

type Entry = z.input<typeof staffReadSchema>;

/** What the request knows about a read: the operation and request it belongs to. */
export interface ReadRequest {
  operation: string;
  method: string;
  requestId: string | null;
}

export interface StaffReadInput extends ReadRequest {
  orgId: string;
  staffUserId: string;
  viewId: string | null;
  resource: string;
}

export const VIEW_ENDED_MESSAGE = 'The support view has ended: nothing is read outside a view';

/**
 * Records one read. Inside a view the row is written only while the view is open, and the view row is share-locked
 * until the reading transaction ends, so ending a view waits for reads in flight and no read outlives its view: a
 * view that ended between authentication and the read records nothing, and the request is refused (`forbidden`) with
 * no data. Must run in the transaction that reads the data.
 */
export async function recordStaffRead(executor: Executor, input: StaffReadInput): Promise<void> {
  const at = now();
  if (!input.viewId) {
    await executor.insert(staffReads).values({ ...input, createdAt: at });
    return;
  }
  const view = impersonationSessions;
  // One statement: the row is written only if the open view is found, and the view stays share-locked with it.
  const rows = await executor
    .insert(staffReads)
    .select(
      executor
        .select({
          id: sql`${newId()}::uuid`.as('id'),
          orgId: view.orgId,
          staffUserId: view.staffUserId,
          viewId: view.id,
          operation: sql`${input.operation}::text`.as('operation'),
          method: sql`${input.method}::text`.as('method'),
          resource: sql`${input.resource}::text`.as('resource'),
          requestId: sql`${input.requestId}::text`.as('request_id'),
          createdAt: sql`${at.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(view)
        .where(
          and(
            eq(view.id, input.viewId),
            eq(view.orgId, input.orgId),
            eq(view.staffUserId, input.staffUserId),
            isNull(view.endedAt),
            gt(view.expiresAt, at),
          ),
        )
        .for('share', { of: view }),
    )
    .returning({ id: staffReads.id });
  if ([...rows].length !== 1) throw new ApiError('forbidden', VIEW_ENDED_MESSAGE);
}

/**
 * A console read of one organization's data by a staff member: tied to their view when it is a view of that
 * organization (so it appears under the view in the access log), standalone otherwise.
 */
export function recordConsoleRead(
  executor: Executor,
  actor: StaffActor,
  read: ReadRequest & { orgId: string; resource: string },
): Promise<void> {
  const viewId = actor.impersonation && actor.orgId === read.orgId ? actor.impersonation.sessionId : null;
  return recordStaffRead(executor, { ...read, staffUserId: actor.userId, viewId });
}

/**
 * One console read that shows several organizations' data at once (a page of the review queue): one record per
 * organization on the page, so each one's admins see that their profiles were listed. Must run in the reading
 * transaction, like `recordConsoleRead`.
 */
export async function recordConsoleReads(
  executor: Executor,
  actor: StaffActor,
  read: ReadRequest & { orgIds: readonly string[]; resource: string },
): Promise<void> {
  const { orgIds, ...rest } = read;
  for (const orgId of new Set(orgIds)) await recordConsoleRead(executor, actor, { ...rest, orgId });
}

/**
 * Loads a page that shows several organizations' data (the payouts desk) and records one read per organization on
 * it, in the same transaction: each organization's admins see that their payees were listed.
 */
export function readAcrossOrganizationsForStaff<T>(
  executor: Executor,
  actor: StaffActor,
  read: ReadRequest & { resource: string },
  load: (tx: Executor) => Promise<T>,
  organizationsIn: (data: T) => readonly string[],
): Promise<T> {
  return executor.transaction(async (tx) => {
    const data = await load(tx);
    await recordConsoleReads(tx, actor, { ...read, orgIds: organizationsIn(data) });
    return data;
  });
}

/**
 * Loads one organization's data for a staff member and records the read in the same transaction: the data leaves
 * only if the record is written. The load runs first, so an unknown organization stays `not_found`.
 */
export function readForStaff<T>(
  executor: Executor,
  actor: StaffActor,
  read: ReadRequest & { orgId: string; resource: string },
  load: (tx: Executor) => Promise<T>,
): Promise<T> {
  return executor.transaction(async (tx) => {
    const data = await load(tx);
    await recordConsoleRead(tx, actor, read);
    return data;
  });
}

/** Whether a staff member may see an organization's unmasked details and files outside the review queue. */
export function isViewing(actor: StaffActor, orgId: string): boolean {
  return !!actor.impersonation && actor.orgId === orgId;
}

/** An organization's staff reads for its admins, newest first. */
export async function listStaffReads(
  executor: Executor,
  orgId: string,
  page: PageRequest,
): Promise<ListEnvelope<Entry>> {
  const where = eq(staffReads.orgId, orgId);
  const [rows, [total]] = await Promise.all([
    executor
      .select({ read: staffReads, staffName: users.name, staffEmail: users.email })
      .from(staffReads)
      .innerJoin(users, eq(users.id, staffReads.staffUserId))
      .where(where)
      .orderBy(desc(staffReads.createdAt), desc(staffReads.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    executor.select({ n: count() }).from(staffReads).where(where),
  ]);
  return listEnvelope(
    rows.map(({ read, staffName, staffEmail }) => ({
      id: read.id,
      created_at: read.createdAt.toISOString(),
      staff_name: staffName,
      staff_email: staffEmail,
      operation: read.operation,
      method: read.method,
      resource: read.resource,
      view_id: read.viewId,
    })),
    page,
    total?.n ?? 0,
  );
}
