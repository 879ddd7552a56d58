// Owns which event types are public (delivered as webhooks, listed by GET /events) until the event catalogue lands.
//
// Internal audit events (quote snapshots with rates and margins, support access, security events) are never public.

/** Sent on demand to one endpoint (POST /webhooks/endpoints/{id}/test); never fanned out to other endpoints. */
export const TEST_EVENT_TYPE = 'webhook_endpoint.test';

/** Subscribe an endpoint to every public type, present and future. */
export const ALL_EVENT_TYPES = '*';

export const PUBLIC_EVENT_TYPES = ['funding.deposit.credited', TEST_EVENT_TYPE] as const;

export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];

export function isPublicEventType(type: string): type is PublicEventType {
  return (PUBLIC_EVENT_TYPES as readonly string[]).includes(type);
}

/** Types an endpoint may subscribe to: every public type except the on-demand test event. */
export const SUBSCRIBABLE_EVENT_TYPES = PUBLIC_EVENT_TYPES.filter((type) => type !== TEST_EVENT_TYPE);
