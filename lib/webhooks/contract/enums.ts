// Owns the enumerations of webhooks shared by the tables, the wire schemas and the portal (no drizzle, no db/).

/** disabled: by an admin (PATCH enabled=false) or by the system after 3 days of failed deliveries (see disabledReason). */
export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

/** pending: not yet delivered, retries remain; succeeded: a 2xx answer; failed: retries exhausted. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
