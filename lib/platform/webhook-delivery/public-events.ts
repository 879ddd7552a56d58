// Owns the exact bytes of a webhook body: the event's public form (lib/platform/events/render.ts), serialised once.
import type { events } from '@/db/schema/platform/events';
import { renderPublicEvent } from '@/lib/platform/events/render';

export type EventRow = Pick<typeof events.$inferSelect, 'id' | 'type' | 'data' | 'createdAt'>;

export { renderPublicEvent };

/** What is signed and sent; rendering is deterministic, so a re-send carries the same body. */
export function serializePublicEvent(row: EventRow): string {
  return JSON.stringify(renderPublicEvent(row));
}
