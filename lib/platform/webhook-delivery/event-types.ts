// Owns which event types webhooks carry: the catalogue's public types (delivered, and listed by GET /events).
//
// Internal audit events (quote snapshots with rates and margins, support access, security events) are never public.

import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { type EventType, eventTypes, isPublicEventType } from '@/lib/platform/events/catalogue-registry';
import { ALL_EVENT_TYPES } from './all-event-types';

export { ALL_EVENT_TYPES, isPublicEventType };

/** Sent on demand to one endpoint (POST /webhooks/endpoints/{id}/test); never fanned out to other endpoints. */
export const TEST_EVENT_TYPE = 'webhook_endpoint.test' satisfies EventType;

let publicTypes: readonly string[] | undefined;

/** Every public type, sorted. */
export function publicEventTypes(): readonly string[] {
  publicTypes ??= eventTypes()
    .filter((type) => isPublicEventType(type))
    .sort();
  return publicTypes;
}

/** Types an endpoint may subscribe to: every public type except the on-demand test event. */
export function subscribableEventTypes(): readonly string[] {
  return publicEventTypes().filter((type) => type !== TEST_EVENT_TYPE);
}

/**
 * Refuses (a `validation` error naming each bad entry) a subscription to a type that is not public or does not exist.
 */
export function assertSubscribable(types: readonly string[], field = 'event_types'): void {
  const allowed = new Set([ALL_EVENT_TYPES, ...subscribableEventTypes()]);
  const errors = types.flatMap((type, index): FieldError[] =>
    allowed.has(type)
      ? []
      : [
          {
            field: `${field}.${index}`,
            code: 'unknown_event_type',
            message: `${field}.${index}: must be "*" or a public event type (${subscribableEventTypes().join(', ')})`,
          },
        ],
  );
  if (errors.length > 0) throw ApiError.validation(errors);
}

/** Refuses (a `validation` error) a filter on a type that is not public: internal types are never listed. */
export function assertPublicTypes(types: readonly string[], field = 'type'): void {
  const unknown = types.filter((type) => !publicEventTypes().includes(type));
  if (unknown.length > 0) {
    throw ApiError.validation([
      {
        field,
        code: 'unknown_event_type',
        message: `${field}: must be one or more of ${publicEventTypes().join(', ')}`,
      },
    ]);
  }
}
