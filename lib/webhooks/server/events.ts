// Owns the events API: an organization's public events, newest first, so an integrator can reconcile what a webhook
// missed. Internal audit events (rates and margins, support access, security) are never listed.
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { ApiError } from '@/lib/platform/errors/api-error';
import {
  type CursorListEnvelope,
  type CursorPageRequest,
  cursorEnvelope,
  keysetStart,
} from '@/lib/platform/pagination/cursor';
import { assertPublicTypes, publicEventTypes } from '@/lib/platform/webhook-delivery/event-types';
import { renderPublicEvent } from '@/lib/platform/webhook-delivery/public-events';
import type { PublicEventWire } from '@/lib/webhooks/contract/schemas';

export interface EventFilters extends CursorPageRequest {
  types?: string[];
  createdFrom?: string;
  createdTo?: string;
}

const publicOnly = () => inArray(events.type, [...publicEventTypes()]);

const eventColumns = {
  id: events.id,
  orgId: events.orgId,
  type: events.type,
  subjectType: events.subjectType,
  subjectId: events.subjectId,
  data: events.data,
  createdAt: events.createdAt,
};

/**
 * Newest first: created_at descending, then id descending. Offset pages shift when events arrive between two calls;
 * a cursor (`starting_after` the last id read) continues from that event whatever arrived meanwhile.
 */
export async function listEvents(
  executor: Executor,
  orgId: string,
  filters: EventFilters,
): Promise<CursorListEnvelope<PublicEventWire>> {
  const conditions: SQL[] = [eq(events.orgId, orgId), publicOnly()];
  if (filters.types?.length) {
    assertPublicTypes(filters.types);
    conditions.push(inArray(events.type, filters.types));
  }
  if (filters.createdFrom) conditions.push(gte(events.createdAt, new Date(filters.createdFrom)));
  if (filters.createdTo) conditions.push(lt(events.createdAt, new Date(filters.createdTo)));
  const where = and(...conditions);
  const start = await keysetStart(executor, filters, {
    table: events,
    orgId,
    keys: sql`${events.createdAt}, ${events.id}`,
    // Only a public event is an item of this list (an internal one's id is as unknown as a made-up one).
    scope: sql`type in (${sql.join(
      publicEventTypes().map((type) => sql`${type}`),
      sql`, `,
    )})`,
  });
  const order = start.backwards ? asc : desc;
  const [rows, [total]] = await Promise.all([
    executor
      .select(eventColumns)
      .from(events)
      .where(start.condition ? and(where, start.condition) : where)
      .orderBy(order(events.createdAt), order(events.id))
      .limit(start.fetch)
      .offset(start.offset),
    executor.select({ total: count() }).from(events).where(where),
  ]);
  return cursorEnvelope(rows.map(renderPublicEvent), filters, total?.total ?? 0, start);
}

export async function getEvent(executor: Executor, orgId: string, eventId: string): Promise<PublicEventWire> {
  const [row] = await executor
    .select(eventColumns)
    .from(events)
    .where(and(eq(events.orgId, orgId), eq(events.id, eventId), publicOnly()));
  if (!row) throw ApiError.notFound('Event');
  return renderPublicEvent(row);
}
