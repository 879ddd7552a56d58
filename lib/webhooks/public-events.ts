// Owns how a stored event looks on the wire, in a webhook body and in GET /events: `{id, type, created_at, data: {object}}`.
import type { events } from '@/db/schema/events';
import type { PublicEventWire } from '@/lib/schemas/webhooks';

export type EventRow = Pick<
  typeof events.$inferSelect,
  'id' | 'orgId' | 'type' | 'subjectType' | 'subjectId' | 'data' | 'createdAt'
>;

/** The resource the event is about, as the event recorded it. */
export function renderPublicEvent(row: EventRow): PublicEventWire {
  return {
    id: row.id,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    data: { object: { id: row.subjectId, object: row.subjectType, ...row.data } },
  };
}

/** The exact bytes that are signed and sent; rendering is deterministic, so a re-send carries the same body. */
export function serializePublicEvent(row: EventRow): string {
  return JSON.stringify(renderPublicEvent(row));
}
