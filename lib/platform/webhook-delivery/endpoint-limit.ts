// Owns the number of endpoints an organization may register, which is also an event's fan-out (db/functions).

/** At most this many endpoints per organization (Stripe allows 16). */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 16;
