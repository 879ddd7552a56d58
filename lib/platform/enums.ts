// Owns the enumerations of platform shared by the tables, the wire schemas and the portal (no drizzle, no db/).

export const IDEMPOTENCY_STATES = ['in_progress', 'completed'] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];
