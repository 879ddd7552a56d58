// Owns the events API: an organization's public events, newest first, so an integrator can reconcile what a webhook
// missed. Internal audit events (rates and margins, support access, security) are never listed.
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { events } from '@/db/schema/events';
import { ApiError } from '@/lib/errors/api-error';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/pagination';
import type { PublicEventWire } from '@/lib/schemas/webhooks';
import { assertPublicTypes, publicEventTypes } from './event-types';
import { renderPublicEvent } from './public-events';

export interface EventFilters extends PageRequest {
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

/** Newest first: created_at descending, then id descending (UUIDv7, time-ordered) so pages never overlap. */
export async function listEvents(
  executor: Executor,
  orgId: string,
  filters: EventFilters,
): Promise<ListEnvelope<PublicEventWire>> {
  const conditions: SQL[] = [eq(events.orgId, orgId), publicOnly()];
  if (filters.types?.length) {
    assertPublicTypes(filters.types);
    conditions.push(inArray(events.type, filters.types));
  }
  if (filters.createdFrom) conditions.push(gte(events.createdAt, new Date(filters.createdFrom)));
  if (filters.createdTo) conditions.push(lt(events.createdAt, new Date(filters.createdTo)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    executor
      .select(eventColumns)
      .from(events)
      .where(where)
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(filters.limit)
      .offset(pageOffset(filters)),
    executor.select({ total: count() }).from(events).where(where),
  ]);
  return listEnvelope(rows.map(renderPublicEvent), filters, total?.total ?? 0);
}

export async function getEvent(executor: Executor, orgId: string, eventId: string): Promise<PublicEventWire> {
  const [row] = await executor
    .select(eventColumns)
    .from(events)
    .where(and(eq(events.orgId, orgId), eq(events.id, eventId), publicOnly()));
  if (!row) throw ApiError.notFound('Event');
  return renderPublicEvent(row);
}
