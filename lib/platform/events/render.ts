// Owns the public form of an event: the payload webhooks deliver and `GET /events` lists.
import type { events } from '@/db/schema/platform/events';
import { eventDefinition } from './catalogue-registry';

export interface PublicEventPayload {
  id: string;
  type: string;
  created_at: string;
  data: { object: Record<string, unknown> };
}

type EventRow = Pick<typeof events.$inferSelect, 'id' | 'type' | 'data' | 'createdAt'>;

export class NotPublicEventError extends Error {
  constructor(type: string) {
    super(`event type "${type}" is not public: it must never leave the provider`);
    this.name = 'NotPublicEventError';
  }
}

/**
 * `{id, type, created_at, data: {object}}`, the object re-shaped by the type's schema. Refuses internal types, so a
 * quote snapshot or a security event can never be rendered for delivery by mistake.
 */
export function renderPublicEvent(row: EventRow): PublicEventPayload {
  const definition = eventDefinition(row.type);
  if (definition?.visibility !== 'public') throw new NotPublicEventError(row.type);
  return {
    id: row.id,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    data: { object: definition.data.parse(row.data) as Record<string, unknown> },
  };
}
