// Owns a person's notifications as the bell reads them: their in-app rows in the organization they act in, newest
// first with cursors, and marking one or all read. Every query is scoped by organization and person.
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { notifications } from '@/db/schema/notifications';
import type { NotificationWire } from '@/lib/notifications/contract/schemas';
import type { Actor } from '@/lib/platform/actor/actor';
import { ApiError } from '@/lib/platform/errors/api-error';
import { isUuid } from '@/lib/platform/ids';
import {
  type CursorListEnvelope,
  type CursorPageRequest,
  cursorEnvelope,
  keysetStart,
} from '@/lib/platform/pagination/cursor';

export interface Reader {
  orgId: string;
  userId: string;
}

/** The person a session request acts as, in the organization they act in (the operations are session only). */
export function readerOf(actor: Actor): Reader {
  if (!actor.userId)
    throw new ApiError('forbidden', 'Notifications are a signed-in person’s, never an API key’s');
  return { orgId: actor.orgId, userId: actor.userId };
}

const n = notifications;

const toWire = (row: typeof n.$inferSelect): NotificationWire => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** The reader's own in-app rows in this organization: the one scope every read and write here uses. */
const mine = (reader: Reader): SQL =>
  and(eq(n.orgId, reader.orgId), eq(n.userId, reader.userId), eq(n.channel, 'in_app'))!;

export async function listNotifications(
  executor: Executor,
  reader: Reader,
  request: CursorPageRequest & { unread?: boolean },
): Promise<CursorListEnvelope<NotificationWire>> {
  const where = request.unread ? and(mine(reader), isNull(n.readAt))! : mine(reader);
  const start = await keysetStart(executor, request, {
    table: n,
    orgId: reader.orgId,
    keys: sql`${n.createdAt}, ${n.id}`,
    scope: mine(reader),
  });
  const order = start.backwards ? asc : desc;
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(n)
      .where(start.condition ? and(where, start.condition) : where)
      .orderBy(order(n.createdAt), order(n.id))
      .limit(start.fetch)
      .offset(start.offset),
    executor.select({ total: count() }).from(n).where(where),
  ]);
  return cursorEnvelope(rows.map(toWire), request, total?.total ?? 0, start);
}

/** Marks one read (the first `read_at` stays); 404 for anyone else's. */
export async function readNotification(
  executor: Executor,
  reader: Reader,
  notificationId: string,
): Promise<NotificationWire> {
  if (!isUuid(notificationId)) throw ApiError.notFound('Notification');
  const scope = and(mine(reader), eq(n.id, notificationId));
  await executor
    .update(n)
    .set({ readAt: new Date() })
    .where(and(scope, isNull(n.readAt)));
  const [row] = await executor.select().from(n).where(scope);
  if (!row) throw ApiError.notFound('Notification');
  return toWire(row);
}

export async function readAllNotifications(
  executor: Executor,
  reader: Reader,
): Promise<{ marked_read: number }> {
  const marked = await executor
    .update(n)
    .set({ readAt: new Date() })
    .where(and(mine(reader), isNull(n.readAt)))
    .returning({ id: n.id });
  return { marked_read: marked.length };
}
